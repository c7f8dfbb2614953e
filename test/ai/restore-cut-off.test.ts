/**
 * A call cut off client-side (Stop: the client keeps what it read, the part still
 * `input-streaming`) is given back to the model as exactly the text streamed so far, for every
 * default syntax, cut at every position, the text arriving whole or unit by unit, read by ai 6
 * and ai 7. The examples/next e2e found the emoji syntax's deltas dropping the line break after
 * its opener (`🛠️[write_file report.md]1. Finding…`).
 */
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, defaultSyntaxes, restoreTranscriptText, type ToolSyntax, type UIMessageChunk } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';
import { readMessage, toolParts } from './route-support.js';
import { SDKS } from './support.js';

const CALL: FormatCall = { toolName: 'write_file', input: { path: 'report.md', content: '1. Finding one\n2. Finding two' } };
/** Emoji input can only hold args and a body. */
const EMOJI_CALL: FormatCall = { toolName: 'write_file', input: { args: ['report.md'], body: '1. Finding one\n2. Finding two' } };

/** Syntaxes whose open call the stream does not announce before its end. */
const HELD_UNTIL_COMPLETE = new Set(['granite', 'toolcalls', 'phi4', 'internlm']);

function sample(syntax: ToolSyntax): string {
  return `Writing it.\n${syntax.format(syntax.name === 'emoji' ? EMOJI_CALL : CALL)}`;
}

/** The UI-message chunks a display route sent for `pieces` before the stop (the stream not ended). */
function chunksBeforeStop(syntax: ToolSyntax, pieces: readonly string[]): UIMessageChunk[] {
  const parser = createTranscriptParser({ syntaxes: [syntax] });
  return [{ type: 'start' } as unknown as UIMessageChunk, ...pieces.flatMap((piece) => parser.write(piece))];
}

/** The text the client received: its text deltas and the tool parts' raw input, in order. */
function receivedText(chunks: readonly UIMessageChunk[]): string {
  return chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : chunk.type === 'tool-input-delta' ? chunk.inputTextDelta : '')).join('');
}

const restoredText = (message: UIMessage) =>
  restoreTranscriptText([message])
    .flatMap((restored) => restored.parts)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');

describe.each(SDKS)('$name: a call cut off by a stop restores to the text streamed so far', (sdk) => {
  it.each(defaultSyntaxes.map((syntax) => [syntax.name, syntax] as const))('%s, at every cut, whole and unit by unit', async (_, syntax) => {
    const text = sample(syntax);
    let cutOff = 0;
    for (let cut = 1; cut < text.length; cut++) {
      const prefix = text.slice(0, cut);
      for (const pieces of [[prefix], prefix.split('')]) {
        const chunks = chunksBeforeStop(syntax, pieces);
        const { message, errors } = await readMessage(sdk, chunks);
        expect(errors).toEqual([]);
        const restored = restoredText({ ...message, id: 'a1' });
        const where = `${JSON.stringify(prefix)} in ${pieces.length} piece(s)`;
        expect(restored, `the text streamed so far, ${where}`).toBe(receivedText(chunks));
        expect(text.startsWith(restored), `a prefix of what the model wrote, ${where}: ${JSON.stringify(restored)}`).toBe(true);
        if (toolParts(message).some((part) => part.state === 'input-streaming')) cutOff++;
      }
    }
    // (The JSON-list syntaxes announce a call once it is complete: cut off, it is text held back.)
    if (!HELD_UNTIL_COMPLETE.has(syntax.name)) expect(cutOff, 'cuts inside the call').toBeGreaterThan(10);
  });
});
