import type { FormatCall, JsonSchema, SyntaxName, ToolDefinition, ToolSyntax } from '../../types.js';
import { resolveSyntaxes } from '../../syntaxes/index.js';
import { coerceInput } from '../schema/coerce.js';
import { fromPositional, positionalLayout, POSITIONAL_SYNTAX, toPositional, type PositionalLayout } from '../schema/positional.js';
import { propertiesOf, requiredOf } from '../schema/types.js';
import { exampleInput, exampleValue, placeholder } from './examples.js';


/** A tool's canonical example call. */
export interface ToolExample {
  /**
   * The call the example stands for, with the named input the tool's schema
   * describes: what parsing `text` with the `tools` option gives back.
   */
  call: FormatCall;
  /** The example as written by the syntax's `format`. */
  text: string;
}

/** A syntax by name (built-in) or as an object. Throws for an unknown name. */
export function resolveSyntax(syntax: SyntaxName | ToolSyntax): ToolSyntax {
  return resolveSyntaxes([syntax])[0]!;
}

/**
 * The canonical example call of `tool` in `syntax`, from example values
 * derived from its schema (`examples`, `default`, `const`, the first `enum`
 * value, or a placeholder per type), written by the syntax's own `format`,
 * so the example always has the shape its reader reads.
 *
 * In the emoji syntax, whose calls carry only words and a body, the named
 * parameters are laid out positionally (see `positionalLayout`); a word
 * value that cannot be a word (a space, `]`, empty) is replaced by its
 * placeholder. Throws a clear error when the syntax cannot write the tool
 * (an object parameter in emoji, a caret key with a `-`, …).
 */
export function toolExample(tool: ToolDefinition, syntax: SyntaxName | ToolSyntax): ToolExample {
  const resolved = resolveSyntax(syntax);
  const input = exampleInput(tool.inputSchema);
  const layout = resolved.name === POSITIONAL_SYNTAX ? layoutFor(tool) : undefined;
  if (!layout) return { call: { toolName: tool.name, input }, text: write(resolved, { toolName: tool.name, input }) };
  const words = wordSafe(withWordsBeforeRest(input, layout, tool.inputSchema), layout);
  const positional = toPositional(words, layout);
  const text = write(resolved, { toolName: tool.name, input: positional });
  const named = fromPositional({ args: positional.args, body: positional.body ?? '' }, layout, requiredOf(tool.inputSchema));
  return { call: { toolName: tool.name, input: coerceInput(named, tool.inputSchema) }, text };
}

/** The positional layout for the emoji syntax, or `undefined` when the tool's schema is `{args, body}`-shaped already. */
export function layoutFor(tool: ToolDefinition): PositionalLayout | undefined {
  const properties = tool.inputSchema?.properties;
  if (properties && Object.hasOwn(properties, 'args')) return undefined;
  return positionalLayout(tool.inputSchema, tool.name);
}

function write(syntax: ToolSyntax, call: FormatCall): string {
  try {
    return syntax.format(call);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`describeTools: the ${syntax.name} syntax cannot write an example call of tool ${JSON.stringify(call.toolName)}: ${message}`);
  }
}

/**
 * An array parameter takes the words after all the others, so an example
 * that gives it gives every word parameter before it too (from its schema).
 */
function withWordsBeforeRest(input: Record<string, unknown>, layout: PositionalLayout, schema: JsonSchema | undefined): Record<string, unknown> {
  if (layout.rest === undefined || !Object.hasOwn(input, layout.rest)) return input;
  const properties = new Map(propertiesOf(schema));
  const filled = { ...input };
  for (const key of layout.args) {
    if (!Object.hasOwn(filled, key) || filled[key] === undefined) filled[key] = exampleValue(properties.get(key), key);
  }
  return filled;
}

/** The input with every word value that is not a word (a space, `]`, empty, a lone `/`) replaced by its placeholder. */
function wordSafe(input: Record<string, unknown>, layout: PositionalLayout): Record<string, unknown> {
  const safe = { ...input };
  for (const key of layout.args) {
    if (Object.hasOwn(safe, key) && !isWord(safe[key])) safe[key] = placeholder(key);
  }
  const rest = layout.rest;
  if (rest !== undefined && Array.isArray(safe[rest])) {
    safe[rest] = (safe[rest] as unknown[]).map((item) => (isWord(item) ? item : placeholder(rest)));
  }
  return safe;
}

function isWord(value: unknown): boolean {
  const text = String(value);
  return /^[^\s\]]+$/.test(text) && text !== '/';
}

/** How a tool's parameters map onto the emoji syntax's words and body, as a line for the prompt. */
export function positionalNote(layout: PositionalLayout, schema: JsonSchema | undefined): string {
  const required = requiredOf(schema);
  const words = layout.args.map((key) => (required.has(key) ? `\`${key}\`` : `\`${key}\` (optional)`));
  if (layout.rest !== undefined) words.push(`then \`${layout.rest}\`: every remaining word, one per item`);
  const parts = [words.length === 0 ? 'no arguments' : `arguments in this order: ${words.join(', ')}`];
  parts.push(layout.body === undefined ? 'no body' : `the body is \`${layout.body}\``);
  return `Written as: ${parts.join('; ')}.`;
}
