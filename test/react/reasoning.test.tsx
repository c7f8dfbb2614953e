/**
 * The reasoning part in React: a disclosure open while the model thinks, collapsed when done,
 * marked cut off when the response ended inside it; from text, a store, chunks and an AI SDK
 * message (`reasoning` parts), on the server too.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/index.js';
import { ToolTranscript } from '../../src/react/index.js';
import { Reasoning } from '../../src/react/reasoning/Reasoning.js';
import { createTranscriptStore, type TranscriptMessage } from '../../src/store/index.js';

afterEach(cleanup);

const reasoningOf = (container: HTMLElement) => container.querySelector<HTMLDetailsElement>('details.tt-reasoning');

describe('<ToolTranscript> reasoning', () => {
  it('streaming: open, "Thinking…", the text so far; then collapsed once the block closes', () => {
    const store = createTranscriptStore();
    act(() => store.append('<think>Step one.\nStep t'));
    const { container } = render(<ToolTranscript store={store} />);
    const details = reasoningOf(container)!;
    expect(details.dataset.status).toBe('streaming');
    expect(details.open).toBe(true);
    expect(details.querySelector('summary')!.textContent).toBe('Thinking…');
    expect(details.querySelector('.tt-reasoning-body')!.textContent).toBe('Step one.\nStep t');
    act(() => store.append('wo.</think>The answer is 42.'));
    const done = reasoningOf(container)!;
    expect(done.dataset.status).toBe('done');
    expect(done.open).toBe(false);
    expect(done.querySelector('summary')!.textContent).toBe('Reasoning');
    expect(done.querySelector('.tt-reasoning-body')!.textContent).toBe('Step one.\nStep two.');
    expect(container.textContent).toContain('The answer is 42.');
  });

  it('closed (whole text): collapsed, and the reader can open it', () => {
    const { container } = render(<ToolTranscript text="<think>Because.</think>Yes." />);
    const details = reasoningOf(container)!;
    expect(details.dataset.status).toBe('done');
    expect(details.open).toBe(false);
    act(() => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
    expect(reasoningOf(container)!.open).toBe(true);
  });

  it('cut off: the response ended inside the block (streaming={false})', () => {
    const chunks = parseTranscript('<think>I was about to');
    const { container, rerender } = render(<ToolTranscript chunks={chunks} streaming />);
    expect(reasoningOf(container)!.dataset.status).toBe('streaming');
    rerender(<ToolTranscript chunks={chunks} streaming={false} />);
    const details = reasoningOf(container)!;
    expect(details.dataset.status).toBe('cut-off');
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Reasoning (cut off)');
    expect(details.querySelector('.tt-reasoning-body')!.textContent).toBe('I was about to');
  });

  it('a call inside reasoning is no card', () => {
    const { container } = render(<ToolTranscript text={'<think><tool_call>{"name": "x", "arguments": {}}</tool_call></think>'} />);
    expect(container.querySelector('[data-tool-call-id]')).toBeNull();
    expect(reasoningOf(container)!.textContent).toContain('<tool_call>');
  });

  it('message: the AI SDK reasoning parts, streaming then done', () => {
    const streaming: TranscriptMessage = { id: 'm1', parts: [{ type: 'reasoning', text: 'Let me think', state: 'streaming' }] };
    const { container, rerender } = render(<ToolTranscript message={streaming} streaming />);
    expect(reasoningOf(container)!.dataset.status).toBe('streaming');
    expect(reasoningOf(container)!.open).toBe(true);
    const done: TranscriptMessage = {
      id: 'm1',
      parts: [
        { type: 'reasoning', text: 'Let me think about it.', state: 'done' },
        { type: 'text', text: 'Done.', state: 'done' },
      ],
    };
    rerender(<ToolTranscript message={done} streaming={false} />);
    expect(reasoningOf(container)!.dataset.status).toBe('done');
    expect(reasoningOf(container)!.open).toBe(false);
    expect(reasoningOf(container)!.textContent).toContain('Let me think about it.');
    expect(container.textContent).toContain('Done.');
  });

  it('renders on the server, collapsed when done', () => {
    const html = renderToString(<ToolTranscript text="<think>a &lt; b</think>ok" />);
    expect(html).toContain('class="tt-reasoning"');
    expect(html).toContain('data-status="done"');
    expect(html).not.toMatch(/<details[^>]*open/);
  });

  it('<Reasoning> passes its props through', () => {
    const { container } = render(<Reasoning reasoning={{ type: 'reasoning', value: 'x', raw: '<think>x', closed: false }} streaming className="mine" id="r" />);
    const details = container.querySelector('details')!;
    expect(details.className).toBe('tt-reasoning mine');
    expect(details.id).toBe('r');
    expect(details.open).toBe(true);
  });
});
