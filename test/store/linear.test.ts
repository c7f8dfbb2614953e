/**
 * The store's work per delta is the parser's plus a constant, by construction: counted, never
 * timed (wall time is in `npm run bench`). `store.work.items` counts what the store does itself
 * (events folded, items written, ids copied); the rest of `store.work` counts its parsers, as
 * `parser.work` counts a bare parser.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, jsonSyntax, type ToolSyntax, type TranscriptOptions } from '../../src/index.js';
import type { BlockReader } from '../../src/types.js';
import { createTranscriptStore } from '../../src/store/index.js';

const store = (m: { store: ReturnType<typeof createTranscriptStore> }) => m.store;
const call = (i: number) => `Step ${i}.\n\`\`\`tool search\ninput:\n  query: item ${i}\n\`\`\`\n`;
const calls = (n: number) => Array.from({ length: n }, (_, i) => call(i)).join('');

/** A store fed `text` in `size`-unit deltas; its work and the bare parser's steps for the same deltas. */
function measure(text: string, size: number, options?: TranscriptOptions) {
  const store = createTranscriptStore(options);
  const parser = createTranscriptParser(options);
  for (let i = 0; i < text.length; i += size) {
    store.append(text.slice(i, i + size));
    parser.write(text.slice(i, i + size));
  }
  store.end();
  parser.end();
  return { work: store.work.items, storeWork: store.work, parserWork: parser.work, store };
}

describe('store work is linear', { timeout: 60_000 }, () => {
  it('10× the calls in 8-unit deltas: at most 11× the work, and within the units the parser scans', () => {
    const small = measure(calls(200), 8);
    const large = measure(calls(2000), 8);
    expect(large.work).toBeLessThanOrEqual(11 * small.work);
    expect(large.work).toBeLessThanOrEqual(large.parserWork.scanned);
    expect(large.store.getState().ids.filter((id) => store(large).getItem(id)?.type === 'tool')).toHaveLength(2000);
  });

  it('the open fences’ input costs a small multiple of the whole parse’s YAML: read at points fixed by the text (a line that only opens a value is left out), the closer reuses the last parse', () => {
    const text = calls(300);
    const whole = createTranscriptParser();
    whole.write(text);
    whole.end();
    expect(whole.work.yaml).toBeGreaterThan(0);
    const { storeWork, parserWork } = measure(text, 8);
    // The partial input is read at line ends and within a line every 8 units (issue #22: a whole
    // parse and any split show the same input); the bare parser reads none and parses every body once.
    expect(storeWork.yaml).toBeLessThanOrEqual(4 * whole.work.yaml);
    expect(parserWork.yaml).toBe(whole.work.yaml);
    expect(storeWork.scanned).toBe(parserWork.scanned);
  });

  it('applyChunk (the AI SDK stream) too', () => {
    const work = (n: number) => {
      const parser = createTranscriptParser();
      const store = createTranscriptStore();
      const text = calls(n);
      for (let i = 0; i < text.length; i += 8) for (const chunk of parser.write(text.slice(i, i + 8))) store.applyChunk(chunk);
      for (const chunk of parser.end()) store.applyChunk(chunk);
      return store.work.items;
    };
    expect(work(2000)).toBeLessThanOrEqual(11 * work(200));
  });

  it('one JSON block holding many calls: the open block’s input is read amortised, not all calls per delta', () => {
    let materialised = 0;
    // The JSON syntax, counting the calls its reader builds for the open block.
    const counting: ToolSyntax = {
      ...jsonSyntax,
      startOpener() {
        const opener = jsonSyntax.startOpener();
        return {
          push(unit) {
            const verdict = opener.push(unit);
            if (typeof verdict !== 'object') return verdict;
            const block: BlockReader = verdict.block;
            const partial = block.partial.bind(block);
            return { ...verdict, block: Object.assign(Object.create(block) as BlockReader, { partial: () => {
              const read = partial();
              materialised += read.length;
              return read;
            } }) };
          },
          end: () => opener.end(),
        };
      },
    };
    const list = (n: number) =>
      `{"tool_calls": [${Array.from({ length: n }, (_, i) => `{"id": "c${i}", "type": "function", "function": {"name": "f", "arguments": "{\\"i\\": ${i}}"}}`).join(', ')}]}\n`;
    const run = (n: number) => {
      materialised = 0;
      const { work, store } = measure(list(n), 8, { syntaxes: [counting] });
      return { work, materialised, tools: store.getState().ids.filter((id) => store.getItem(id)?.type === 'tool').length };
    };
    const small = run(200);
    const large = run(2000);
    expect(large.tools).toBe(2000);
    expect(large.work).toBeLessThanOrEqual(11 * small.work);
    expect(large.materialised).toBeLessThanOrEqual(11 * small.materialised);
    // Far from one call per call per delta (2000 calls × ~14,000 deltas).
    expect(large.materialised).toBeLessThan(list(2000).length);
  });

  it('reading only the changed item per delta keeps ids and untouched items as they were', () => {
    const live = createTranscriptStore();
    const text = calls(500);
    for (let i = 0; i < text.length; i += 8) live.append(text.slice(i, i + 8));
    const before = live.getState();
    const last = before.ids.at(-1)!;
    live.append('tail');
    const after = live.getState();
    expect(after.ids).toBe(before.ids);
    for (const id of before.ids.slice(0, -1)) expect(after.byId[id]).toBe(before.byId[id]);
    expect(after.byId[last]).not.toBe(before.byId[last]);
  });
});
