import type { Root, RootContent, Text } from 'mdast';
import { parseTranscript } from '../stream/parser.js';
import type { TranscriptChunk, TranscriptOptions } from '../types.js';
import { attachHastData, type ToolCallHastOptions } from './hast.js';
import { callFingerprint, toolCallFromChunk } from './node.js';
import { PointLocator, shiftTree, type Origin, type Point } from './positions.js';
import { attachReasoningHast, reasoningFromChunk } from './reasoning.js';

/** Parses a piece of markdown on its own (remark-parse's parser, with the processor's extensions). */
export type MarkdownParser = (markdown: string) => Root;

/**
 * Put in front of a text run that starts in the middle of a line, after an inline block, so the
 * rest of that line reads as the paragraph text it is and not as the start of a new block
 * (` - done` after `🛠️[ls]🛠️[/end]` would otherwise parse as a list, four spaces as code).
 * A punctuation character with no markdown meaning: emphasis right after it flanks the way it
 * does after the block's closing `]` or `>`. It is removed from the tree after parsing, with the
 * spaces that followed it, as a paragraph never starts with white space.
 */
const PARAGRAPH_GUARD = '§';

/**
 * Parses a document into an mdast root in which every tool call the scanner finds is a
 * `toolCall` node and the text between blocks is markdown parsed by `parseMarkdown`.
 *
 * The segments are exactly `parseTranscript(doc, options)`'s chunks, so the tree and the chunk
 * list agree by construction. Their offsets follow from the chunks alone: text values and block
 * `raw`s add up to the document (contract invariant 1). Each text run is parsed separately and
 * its positions shifted to where it stands, so a markdown construct around a block (a paragraph,
 * a list, a block quote) is split in two there, and a link reference defined in one run does not
 * resolve in another.
 */
export function parseWithToolCalls(doc: string, parseMarkdown: MarkdownParser, options: TranscriptOptions & ToolCallHastOptions = {}): Root {
  return treeOfChunks(doc, parseTranscript(doc, options), parseMarkdown, options);
}

/**
 * {@link parseWithToolCalls} for a document already read: the tree of `doc` from its chunks, whose
 * text values and block `raw`s must add up to `doc` in order (as `parseTranscript`'s do). Each
 * text chunk is parsed as one run, so consecutive text chunks would split a paragraph: pass the
 * text between blocks as one chunk. For a reader that has the chunks from another parse (the
 * CLI renders parts of a document it parsed once).
 */
export function treeOfChunks(
  doc: string,
  chunks: Iterable<TranscriptChunk>,
  parseMarkdown: MarkdownParser,
  options: ToolCallHastOptions = {},
): Root {
  const locator = new PointLocator(doc);
  const children: RootContent[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    if (chunk.type === 'text') {
      // A loop, not a spread: a long run can hold more nodes than a call takes arguments.
      for (const node of parseRun(doc, offset, offset + chunk.value.length, locator, parseMarkdown)) children.push(node);
      offset += chunk.value.length;
      continue;
    }
    if (chunk.type === 'reasoning') {
      const node = reasoningFromChunk(chunk);
      const start = locator.at(offset);
      offset += chunk.raw.length;
      node.position = { start, end: locator.at(offset) };
      attachReasoningHast(node);
      children.push(node);
      continue;
    }
    const node = toolCallFromChunk(chunk);
    const start = locator.at(offset);
    offset += chunk.raw.length;
    node.position = { start, end: locator.at(offset) };
    node.data = { toolCallFingerprint: callFingerprint(node) };
    attachHastData(node, options);
    children.push(node);
  }
  return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end: locator.at(doc.length) } };
}

/** The mdast nodes of the text run `doc[from..to)`, positioned in the whole document. */
function parseRun(doc: string, from: number, to: number, locator: PointLocator, parseMarkdown: MarkdownParser): RootContent[] {
  // A block whose source ends in `\r` leaves the `\n` of that line break to this run; it belongs
  // to the line break, not to the run's first line.
  if (doc.charCodeAt(from) === 10 && from > 0 && doc.charCodeAt(from - 1) === 13) from++;
  if (from >= to) return [];
  const start = locator.at(from);
  const run = doc.slice(from, to);
  if (start.column > 1 && firstLineHasContent(run)) {
    const guarded = parseMarkdown(PARAGRAPH_GUARD + run);
    const skipped = removeGuard(guarded);
    if (skipped >= 0) {
      const origin: Origin = { line: start.line, column: start.column - 1, offset: start.offset! - 1 };
      const floor: Point = { line: start.line, column: start.column + skipped, offset: start.offset! + skipped };
      return placeChildren(guarded, origin, floor);
    }
    // The guard was read as part of some construct (an extension's syntax): parse the run as is.
  }
  return placeChildren(parseMarkdown(run), { line: start.line, column: start.column, offset: start.offset! }, start);
}

function placeChildren(root: Root, origin: Origin, floor: Point): RootContent[] {
  for (const child of root.children) shiftTree(child, origin, floor);
  return root.children;
}

/** Whether the first line of `text` holds anything but spaces and tabs. */
function firstLineHasContent(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text[i];
    if (unit === '\n' || unit === '\r') return false;
    if (unit !== ' ' && unit !== '\t') return true;
  }
  return false;
}

/**
 * Removes the paragraph guard, and the spaces and tabs after it, from the first text node, which
 * must start at offset 0 with it. Returns how many units of the run were dropped after the guard,
 * or -1 (tree untouched) when the parse did not keep the guard there as plain text.
 */
function removeGuard(root: Root): number {
  const found = firstText(root);
  if (!found) return -1;
  const { node, parent, index } = found;
  if (node.position?.start.offset !== 0 || !node.value.startsWith(PARAGRAPH_GUARD)) return -1;
  let cut = PARAGRAPH_GUARD.length;
  while (node.value[cut] === ' ' || node.value[cut] === '\t') cut++;
  node.value = node.value.slice(cut);
  node.position.start = { line: 1, column: 1 + cut, offset: cut };
  if (node.value === '') parent.children.splice(index, 1);
  return cut - PARAGRAPH_GUARD.length;
}

interface FoundText {
  node: Text;
  parent: { children: unknown[] };
  index: number;
}

/** The first text node in document order, with its parent (an iterative walk: no deep recursion). */
function firstText(root: Root): FoundText | undefined {
  const stack: Array<{ children: unknown[] }> = [root];
  const indices = [0];
  while (stack.length > 0) {
    const parent = stack[stack.length - 1]!;
    const index = indices[indices.length - 1]!;
    if (index >= parent.children.length) {
      stack.pop();
      indices.pop();
      continue;
    }
    indices[indices.length - 1] = index + 1;
    const child = parent.children[index] as RootContent;
    if (child.type === 'text') return { node: child, parent, index };
    if ('children' in child) {
      stack.push(child as { children: unknown[] });
      indices.push(0);
    }
  }
  return undefined;
}
