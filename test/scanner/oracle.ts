/**
 * CommonMark as the oracle for "code is not a call" (contract invariant 7):
 * remark-parse (micromark, no extensions) says which offsets of a document
 * lie in code — fenced or indented code, an inline code span, or an HTML
 * block of kinds 1–5 (`<pre>`, `<script>`, `<style>`, `<textarea>`, comments,
 * processing instructions, declarations, CDATA) — and the scanner must find a
 * call exactly at the markers outside them. Inline raw HTML (`a <!-- x -->`
 * inside a paragraph) is not code; the scanner tracks only one-line inline
 * tags met where no code span may stand (their backticks open no span).
 */
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { emojiSyntax, parseTranscript, xmlSyntax, type TranscriptChunk } from '../../src/index.js';
import { reassemble } from '../support/splits.js';

/** The syntaxes the oracle tests use: one inline marker form each, neither holding a backtick. */
export const ORACLE_SYNTAXES = [emojiSyntax, xmlSyntax];

/** The HTML block kinds whose content is verbatim (the scanner's rule; kinds 6 and 7 hold calls). */
const VERBATIM_HTML = /^[ \t]*<(?:(?:script|pre|style|textarea)(?:[\s>]|$)|!--|\?|![A-Za-z]|!\[CDATA\[)/i;

/** Offset ranges `[start, end)` that CommonMark reads as code. */
export function codeRanges(doc: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const stack: Array<[Nodes, boolean]> = [[fromMarkdown(doc), true]];
  while (stack.length > 0) {
    const [node, block] = stack.pop()!;
    const isCode = node.type === 'code' || node.type === 'inlineCode' || (block && node.type === 'html' && VERBATIM_HTML.test(node.value));
    if (isCode && node.position) ranges.push([node.position.start.offset!, node.position.end.offset!]);
    const holdsBlocks = node.type === 'root' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem';
    if ('children' in node) for (const child of node.children as Nodes[]) stack.push([child, holdsBlocks]);
  }
  return ranges;
}

/** Whether CommonMark reads `offset` of `doc` as code. */
export function inCode(ranges: ReadonlyArray<[number, number]>, offset: number): boolean {
  return ranges.some(([start, end]) => offset >= start && offset < end);
}

/** Offsets at which parseTranscript starts a tool chunk. */
export function callOffsets(doc: string): number[] {
  const chunks = parseTranscript(doc, { syntaxes: ORACLE_SYNTAXES });
  if (reassemble(chunks) !== doc) throw new Error('lossless invariant broken');
  return toolOffsets(chunks);
}

/** Offsets in the document of the tool chunks among `chunks`. */
export function toolOffsets(chunks: readonly TranscriptChunk[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const chunk of chunks) {
    if (chunk.type === 'tool') offsets.push(at);
    at += chunk.type === 'text' ? chunk.value.length : chunk.raw.length;
  }
  return offsets;
}

/** Every offset where `marker` occurs in `doc`. */
export function markerOffsets(doc: string, markers: readonly string[]): number[] {
  const offsets: number[] = [];
  for (const marker of markers) {
    for (let at = doc.indexOf(marker); at >= 0; at = doc.indexOf(marker, at + 1)) offsets.push(at);
  }
  return offsets.sort((a, b) => a - b);
}

/** The markers CommonMark leaves in text: where the calls must be, and only there. */
export function expectedCalls(doc: string, markers: readonly string[]): number[] {
  const ranges = codeRanges(doc);
  return markerOffsets(doc, markers).filter((offset) => !inCode(ranges, offset));
}

/**
 * Inline raw HTML holding a backtick: CommonMark gives inline HTML and code
 * spans the same precedence (the leftmost wins), and the scanner tracks only
 * some of it (one-line tags where no code span may stand; see
 * test/remark/code-not-call.property.test.ts), so such documents are left out here.
 */
export function inlineHtmlHoldsBacktick(doc: string): boolean {
  const stack: Array<[Nodes, boolean]> = [[fromMarkdown(doc), true]];
  while (stack.length > 0) {
    const [node, block] = stack.pop()!;
    if (!block && node.type === 'html' && node.value.includes('`')) return true;
    const holdsBlocks = node.type === 'root' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem';
    if ('children' in node) for (const child of node.children as Nodes[]) stack.push([child, holdsBlocks]);
  }
  return false;
}
