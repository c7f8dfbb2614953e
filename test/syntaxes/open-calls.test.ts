/**
 * Issue #22/#23 follow-up: the JSON-list kit syntaxes (granite, toolcalls, phi4) and internlm
 * announce an open call to the UI stream as soon as its first call's name is settled — a card in
 * `input-streaming` with the name, its source streaming as input deltas — instead of holding the
 * text back until the block closes. The same events whole, split in two anywhere, unit by unit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, graniteSyntax, internlmSyntax, phi4Syntax, toolcallsSyntax, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import '../support/fast-check-seed.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { inputStart } from '../support/events.js';
import { splitAnywhere, splitsInTwo, unitByUnit } from '../support/splits.js';

const SAMPLES = {
  granite: 'Call <|tool_call|>[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}] ok.',
  'granite (3.1 tag)': 'Call <tool_call>[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}] ok.',
  toolcalls: 'Call <tool_calls>[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}]</tool_calls> ok.',
  phi4: 'Call functools[{"name": "lookup", "arguments": {"term": "tides", "limit": 3}}] ok.',
  internlm: 'Call <|action_start|><|plugin|>\n{"name": "lookup", "parameters": {"term": "tides", "limit": 3}}<|action_end|> ok.',
};
const syntaxOf = (label: string) => label.split(' ')[0]!;
/** The name is settled at its closing quote: the announcement comes with that unit. */
const NAME_END = '"lookup"';

/** The events of `pieces` through the default syntaxes, and the source fed when the first `tool-input-start` came. */
function stream(pieces: readonly string[]) {
  const parser = createTranscriptParser();
  const events: UIMessageChunk[] = [];
  let fed = '';
  let announcedAt: string | undefined;
  for (const piece of pieces) {
    fed += piece;
    for (const event of parser.write(piece)) {
      if (event.type === 'tool-input-start' && announcedAt === undefined) announcedAt = fed;
      events.push(event);
    }
  }
  events.push(...parser.end());
  return { events, announcedAt };
}

/** Consecutive text and input deltas of one part joined: what a split may change is only where deltas fall. */
function joined(events: readonly UIMessageChunk[]): UIMessageChunk[] {
  const out: UIMessageChunk[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (event.type === 'text-delta' && last?.type === 'text-delta' && last.id === event.id) out[out.length - 1] = { ...last, delta: last.delta + event.delta };
    else if (event.type === 'tool-input-delta' && last?.type === 'tool-input-delta' && last.toolCallId === event.toolCallId) {
      out[out.length - 1] = { ...last, inputTextDelta: last.inputTextDelta + event.inputTextDelta };
    } else out.push(event);
  }
  return out;
}

describe('an open call of the JSON-list syntaxes and internlm is announced while it streams', () => {
  it.each(Object.entries(SAMPLES))('%s: unit by unit, announced with the name at its closing quote, before the block ends', (label, text) => {
    const syntax = syntaxOf(label);
    const { events, announcedAt } = stream(unitByUnit(text));
    expect(announcedAt, 'announced right after the name').toBe(text.slice(0, text.indexOf(NAME_END) + NAME_END.length));
    const start = events.findIndex((event) => event.type === 'tool-input-start');
    expect(events[start]).toEqual(inputStart('tool-call-1', 'lookup', syntax));
    // The source read before the name went out first; the rest follows unit by unit, the block's source in all.
    const deltas = events.filter((event) => event.type === 'tool-input-delta').map((event) => (event as { inputTextDelta: string }).inputTextDelta);
    expect(deltas[0]).toBe(text.slice(5, text.indexOf(NAME_END) + NAME_END.length - 1));
    expect(deltas.length).toBeGreaterThan(20);
    expect(text.slice(5).startsWith(deltas.join(''))).toBe(true);
    const available = events.findIndex((event) => event.type === 'tool-input-available');
    expect(available).toBeGreaterThan(start + 20);
    expect(events[available]).toMatchObject({ toolCallId: 'tool-call-1', toolName: 'lookup', input: { term: 'tides', limit: 3 } });
  });

  it.each(Object.entries(SAMPLES))('%s: an open block is an input-streaming card with the name and its input so far', (label, text) => {
    const prefix = text.slice(0, text.indexOf('"tides"') + 4);
    for (const pieces of [[prefix], unitByUnit(prefix)]) {
      const parser = createTranscriptParser();
      for (const piece of pieces) parser.write(piece);
      expect(parser.chunks.at(-1)).toMatchObject({ type: 'tool', syntax: syntaxOf(label), toolName: 'lookup', state: 'input-streaming', input: { term: 'tid' } });
      const store = createTranscriptStore();
      for (const piece of pieces) store.append(piece);
      expect(store.getItem(store.getState().ids.at(-1)!)).toMatchObject({ type: 'tool', toolName: 'lookup', state: 'input-streaming', input: { term: 'tid' } });
    }
  });

  it.each(Object.entries(SAMPLES))('%s: the same events whole, split in two anywhere and unit by unit', (_, text) => {
    const whole = joined(stream([text]).events);
    expect(whole.filter((event) => event.type === 'tool-input-start')).toHaveLength(1);
    for (const pieces of splitsInTwo(text)) expect(joined(stream(pieces).events), `split at ${pieces[0]!.length}`).toEqual(whole);
    expect(joined(stream(unitByUnit(text)).events)).toEqual(whole);
  });

  it.each([
    ['an id before the name is the call id', '<tool_calls>[{"id": "c7", "name": "lookup", "arguments": {}}]</tool_calls>', { toolCallId: 'c7', toolName: 'lookup' }, '"lookup"'],
    ['an id after the name is a field', '<tool_calls>[{"name": "lookup", "id": "c7", "arguments": {}}]</tool_calls>', { toolCallId: 'tool-call-1', toolName: 'lookup', fields: { id: 'c7' } }, '"lookup"'],
    ['a wrapped call: settled at its id', 'functools[{"type": "function", "function": {"name": "lookup", "arguments": {}}, "id": "c7"}]', { toolCallId: 'c7', toolName: 'lookup' }, '"c7"'],
    ['a wrapped call without an id: when its object closes', 'functools[{"function": {"name": "lookup", "arguments": {"a": 1}}}]', { toolCallId: 'tool-call-1', toolName: 'lookup' }, '}}}'],
    ['the second call of a list starts at the end', '<|tool_call|>[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {}}]', { toolCallId: 'tool-call-1', toolName: 'a' }, '"a"'],
  ])('%s', (_, text, call, after) => {
    const { events, announcedAt } = stream(unitByUnit(text));
    expect(announcedAt).toBe(text.slice(0, text.indexOf(after) + after.length));
    expect(events.find((event) => event.type === 'tool-input-start')).toMatchObject({ toolCallId: call.toolCallId, toolName: call.toolName });
    const parser = createTranscriptParser();
    parser.write(text);
    parser.end();
    expect(parser.chunks[0]).toMatchObject(call);
  });
});

describe('property: any call of the four syntaxes, split anywhere', () => {
  const name = fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,15}$/);
  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }));
  const input = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), value, { maxKeys: 4 });
  it('is announced once, with the name and id it settles with, before its last unit; the same joined events as whole', () => {
    fc.assert(
      fc.property(fc.constantFrom(graniteSyntax, toolcallsSyntax, phi4Syntax, internlmSyntax), name, input, fc.array(fc.nat(), { maxLength: 5 }), (syntax, toolName, args, cuts) => {
        const text = `Before ${syntax.format({ toolName, input: args })} after.`;
        const whole = stream([text]);
        const parser = createTranscriptParser();
        parser.write(text);
        parser.end();
        const tool = parser.chunks.find((chunk): chunk is ToolChunk => chunk.type === 'tool')!;
        expect(tool).toMatchObject({ syntax: syntax.name, toolName, input: args, state: 'input-available' });
        const starts = whole.events.filter((event) => event.type === 'tool-input-start');
        expect(starts).toEqual([inputStart(tool.toolCallId, toolName, syntax.name)]);
        const split = stream(splitAnywhere(text, cuts));
        expect(joined(split.events)).toEqual(joined(whole.events));
        const units = stream(unitByUnit(text));
        expect(units.announcedAt!.length, 'announced before the block ends').toBeLessThan(text.indexOf(' after.'));
      }),
      { numRuns: 200 },
    );
  });
});
