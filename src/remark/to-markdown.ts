import type { Parents } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import { builtinSyntaxes, fenceSyntax } from '../syntaxes/index.js';
import type { FormatCall, ToolState, ToolSyntax } from '../types.js';
import { callFingerprint, type ToolCallNode } from './node.js';

/**
 * The `mdast-util-to-markdown` extension (pushed on `toMarkdownExtensions`) that writes `toolCall`
 * nodes back as blocks:
 *
 * - a node that still matches what was parsed is written as its `raw` source, byte for byte (a
 *   block holding several calls is written once, by its first node, while all its calls are
 *   unchanged);
 * - any other node is written by the `format` of its syntax, found by name among `syntaxes`, then
 *   among the built-in ones. A syntax that is unknown, or cannot express the call (an emoji block
 *   whose input is not `{args, body}`), gives way to the fence syntax, which writes any call as
 *   YAML, so a valid tree always stringifies.
 */
export function toolCallToMarkdown(syntaxes: readonly ToolSyntax[]): StringifyOptions {
  const indexes = new SiblingIndexes();
  return {
    unsafe: lineStartTriggers(syntaxes).map((character) => ({ character, atBreak: true })),
    handlers: {
      toolCall(node: ToolCallNode, parent: Parents | undefined): string {
        if (writesRaw(node, parent, indexes)) return node.raw ?? '';
        return formatToolCall(node, syntaxes);
      },
    },
  };
}

/**
 * Trigger characters of line-start syntaxes that a backslash can escape (ASCII punctuation:
 * `^` of caret, `{` of JSON, the fence's backtick and tilde). Text after an inline block is
 * written as a paragraph of its own, so text that stood mid-line can land at a line start; escaped
 * there, it cannot read as a new block when the markdown is parsed again.
 */
function lineStartTriggers(syntaxes: readonly ToolSyntax[]): string[] {
  const triggers = new Set<string>();
  for (const syntax of syntaxes) {
    if (syntax.placement !== 'line-start') continue;
    for (const unit of syntax.triggers) if (/^[!-/:-@[-`{-~]$/.test(unit)) triggers.add(unit);
  }
  return [...triggers];
}

/** Writes a call with its syntax's `format` (falling back to the fence syntax, see above). */
function formatToolCall(node: ToolCallNode, syntaxes: readonly ToolSyntax[]): string {
  const call = formatCallOf(node);
  const syntax = syntaxes.find((candidate) => candidate.name === node.syntax) ?? builtinSyntaxes[node.syntax as keyof typeof builtinSyntaxes];
  const fence = syntaxes.find((candidate) => candidate.name === 'fence') ?? fenceSyntax;
  if (syntax && syntax !== fence) {
    try {
      return syntax.format(call);
    } catch {
      // This syntax cannot express the call: the fence can.
    }
  }
  try {
    return fence.format(call);
  } catch (error) {
    throw new Error(`tool-transcript/remark: cannot write tool call ${JSON.stringify(node.toolCallId)}: ${(error as Error).message}`);
  }
}

/** The call to format. `state` is written only when the state rules would not give it anyway. */
function formatCallOf(node: ToolCallNode): FormatCall {
  const call: FormatCall = { toolName: node.toolName, toolCallId: node.toolCallId, input: node.input };
  if (node.output !== undefined) call.output = node.output;
  if (node.errorText !== undefined) call.errorText = node.errorText;
  if (node.state !== derivedState(node)) call.state = node.state;
  return call;
}

function derivedState(node: ToolCallNode): ToolState {
  if (node.errorText !== undefined) return 'output-error';
  if (node.output !== undefined) return 'output-available';
  return 'input-available';
}

/** The node still holds exactly the call its `raw` was parsed into (or was built with a `raw` and no record). */
function unchanged(node: ToolCallNode): boolean {
  if (node.raw === undefined) return false;
  const recorded = node.data?.toolCallFingerprint;
  return recorded === undefined || callFingerprint(node) === recorded;
}

/**
 * Whether `node` is written as its raw text: it and the other calls of its block (the siblings
 * right after the block's first node that carry `raw: ''`) are all unchanged.
 */
function writesRaw(node: ToolCallNode, parent: Parents | undefined, indexes: SiblingIndexes): boolean {
  if (node.raw === undefined) return false;
  if (!parent) return node.raw !== '' && unchanged(node);
  const siblings = parent.children as ReadonlyArray<Parents['children'][number]>;
  let head = indexes.of(parent, node);
  if (head < 0) return node.raw !== '' && unchanged(node);
  // A later call of a block: its block's first node decides for the whole block.
  while (head >= 0 && isContinuation(siblings[head], node.syntax)) head--;
  const first = siblings[head];
  if (first?.type !== 'toolCall' || first.syntax !== node.syntax || first.raw === undefined) return false;
  if (!unchanged(first)) return false;
  for (let i = head + 1; isContinuation(siblings[i], node.syntax); i++) {
    if (!unchanged(siblings[i] as ToolCallNode)) return false;
  }
  return true;
}

function isContinuation(node: Parents['children'][number] | undefined, syntax: string): boolean {
  return node?.type === 'toolCall' && node.raw === '' && node.syntax === syntax;
}

/**
 * Index of a node among its parent's children, from a map built once per parent and rebuilt when
 * the children changed, so writing n calls stays linear.
 */
class SiblingIndexes {
  private readonly maps = new WeakMap<object, Map<unknown, number>>();

  of(parent: Parents, node: unknown): number {
    const children: readonly unknown[] = parent.children;
    let map = this.maps.get(parent);
    let index = map?.get(node);
    if (index === undefined || children[index] !== node) {
      map = new Map(children.map((child, i) => [child, i]));
      this.maps.set(parent, map);
      index = map.get(node);
    }
    return index ?? -1;
  }
}
