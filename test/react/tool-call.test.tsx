import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TOOL_STATE_DISPLAY,
  ToolCall,
  ToolCallError,
  ToolCallHeader,
  ToolCallInput,
  ToolCallOutput,
} from '../../src/react/index.js';
import { TOOL_STATES, type ToolChunk, type ToolState } from '../../src/index.js';

afterEach(cleanup);

function tool(state: ToolState, extra: Partial<ToolChunk> = {}): ToolChunk {
  return {
    type: 'tool',
    toolCallId: 'call_1',
    toolName: 'search',
    state,
    input: { query: 'tides', limit: 3 },
    syntax: 'fence',
    raw: '',
    closed: state !== 'input-streaming',
    ...(state === 'output-available' ? { output: { hits: ['a', 'b'] } } : {}),
    ...(state === 'output-error' ? { errorText: 'quota exceeded' } : {}),
    ...extra,
  };
}

const slot = (container: HTMLElement, name: string) => container.querySelector<HTMLElement>(`[data-slot="${name}"]`);

describe.each(TOOL_STATES)('tool card in state %s', (state) => {
  it('root: data-status, data-tool-call-id, data-tool-name, data-slot and the rest of the props', () => {
    const { container } = render(<ToolCall tool={tool(state)} id="card" className="mine" data-extra="x" />);
    const root = slot(container, 'tool-call')!;
    expect(root.dataset).toMatchObject({ status: state, toolCallId: 'call_1', toolName: 'search', syntax: 'fence', extra: 'x' });
    expect(root.id).toBe('card');
    expect(root.className).toBe('tt-tool mine');
    expect(root.getAttribute('aria-label')).toBe('Tool call search');
  });

  it('header: name, the state’s label and icon, progress and elapsed time only while the input streams', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const header = slot(container, 'tool-call-header')!;
    expect(header.dataset.status).toBe(state);
    expect(slot(header, 'tool-call-name')!.textContent).toBe('search');
    const badge = slot(header, 'tool-call-status')!;
    expect(badge.textContent).toBe(TOOL_STATE_DISPLAY[state].label);
    expect(badge.querySelector(`svg[data-icon="${state}"][aria-hidden="true"]`)).not.toBeNull();
    const streaming = state === 'input-streaming';
    expect(header.querySelector('progress') !== null).toBe(streaming);
    expect(slot(header, 'tool-call-elapsed') !== null).toBe(streaming);
    const live = header.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe(`search: ${TOOL_STATE_DISPLAY[state].label}`);
  });

  it('input: pretty JSON and a copy button', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const input = slot(container, 'tool-call-input')!;
    expect(input.dataset.status).toBe(state);
    expect(input.querySelector('pre')!.textContent).toBe('{\n  "query": "tides",\n  "limit": 3\n}');
    expect(input.querySelector('button')!.getAttribute('aria-label')).toBe('Copy input of search');
  });

  it('output: an open disclosure in output-available, nothing otherwise', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const output = slot(container, 'tool-call-output');
    if (state !== 'output-available') return expect(output).toBeNull();
    expect(output!.tagName).toBe('DETAILS');
    expect(output!.dataset.status).toBe(state);
    expect((output as HTMLDetailsElement).open).toBe(true);
    expect(output!.querySelector('summary')!.textContent).toBe('Output');
    expect(output!.querySelector('pre')!.textContent).toBe('{\n  "hits": [\n    "a",\n    "b"\n  ]\n}');
  });

  it('error: an open disclosure with the error text in output-error, nothing otherwise', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const error = slot(container, 'tool-call-error');
    if (state !== 'output-error') return expect(error).toBeNull();
    expect(error!.tagName).toBe('DETAILS');
    expect(error!.dataset.status).toBe(state);
    expect((error as HTMLDetailsElement).open).toBe(true);
    expect(error!.querySelector('pre')!.textContent).toBe('quota exceeded');
  });
});

describe('tool card parts', () => {
  it('compose: only the parts given, each passing its props through', () => {
    const { container } = render(
      <ToolCall tool={tool('output-available')}>
        <ToolCallHeader className="h" data-x="1" />
        <ToolCallOutput className="o" />
      </ToolCall>,
    );
    expect(slot(container, 'tool-call-header')!.className).toBe('tt-tool-header h');
    expect(slot(container, 'tool-call-header')!.dataset.x).toBe('1');
    expect(slot(container, 'tool-call-output')!.className).toBe('tt-tool-section tt-tool-output o');
    expect(slot(container, 'tool-call-input')).toBeNull();
  });

  it('throw a clear error outside <ToolCall>', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToolCallInput />)).toThrow(/inside <ToolCall>/);
    vi.restoreAllMocks();
  });

  it('collapse a long output and a long error, and say how long', () => {
    const long = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    const { container, rerender } = render(<ToolCall tool={tool('output-available', { output: long })} />);
    const output = slot(container, 'tool-call-output') as HTMLDetailsElement;
    expect(output.open).toBe(false);
    expect(output.querySelector('summary')!.textContent).toBe('Output40 lines');
    // The full text is there for when it is opened.
    expect(output.querySelector('pre')!.textContent).toBe(long);
    rerender(<ToolCall tool={tool('output-error', { errorText: long })} />);
    expect((slot(container, 'tool-call-error') as HTMLDetailsElement).open).toBe(false);
  });

  it('shows a string output as it is, and the input live as it grows', () => {
    const { container, rerender } = render(<ToolCall tool={tool('input-streaming', { input: { path: 'a' } })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe('{\n  "path": "a"\n}');
    rerender(<ToolCall tool={tool('input-streaming', { input: { path: 'a.ts', content: 'x' } })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe('{\n  "path": "a.ts",\n  "content": "x"\n}');
    rerender(<ToolCall tool={tool('output-available', { output: 'plain text' })} />);
    expect(slot(container, 'tool-call-output')!.querySelector('pre')!.textContent).toBe('plain text');
  });

  it('announces a state change once, not when the input grows or the name changes', () => {
    const { container, rerender } = render(<ToolCall tool={tool('input-streaming', { input: {} })} />);
    const live = () => container.querySelector('[aria-live="polite"]')!;
    const node = live().firstChild;
    rerender(<ToolCall tool={tool('input-streaming', { input: { q: 1 }, toolName: 'search2' })} />);
    expect(live().textContent).toBe('search: Receiving input');
    expect(live().firstChild).toBe(node);
    rerender(<ToolCall tool={tool('input-available', { toolName: 'search2' })} />);
    expect(live().textContent).toBe('search2: Running');
    rerender(<ToolCall tool={tool('output-available', { toolName: 'search2' })} />);
    expect(live().textContent).toBe('search2: Completed');
  });

  it('counts the elapsed seconds while the input streams', () => {
    vi.useFakeTimers();
    try {
      const { container } = render(<ToolCall tool={tool('input-streaming')} />);
      expect(slot(container, 'tool-call-elapsed')!.textContent).toBe('0s');
      act(() => vi.advanceTimersByTime(2100));
      expect(slot(container, 'tool-call-elapsed')!.textContent).toBe('2s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies with navigator.clipboard, and says so when there is none', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ToolCall tool={tool('output-error')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy error of search' }));
    expect(writeText).toHaveBeenCalledWith('quota exceeded');
    expect(await screen.findByText('Copied')).toBeTruthy();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy input of search' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });

  it('says when copying is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    render(<ToolCall tool={tool('input-available')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy input of search' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('shows values JSON cannot hold', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { container } = render(<ToolCall tool={tool('output-available', { input: { n: 10n }, output: circular })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe('{\n  "n": "10"\n}');
    expect(slot(container, 'tool-call-output')!.querySelector('pre')!.textContent).toBe('[object Object]');
  });
});

describe('tool card details', () => {
  it('says when a finished block was never closed, and marks it data-closed="false"', () => {
    const { container } = render(<ToolCall tool={tool('input-available', { closed: false })} />);
    expect(slot(container, 'tool-call')!.dataset.closed).toBe('false');
    expect(slot(container, 'tool-call-unclosed')!.textContent).toBe('not closed');
  });

  it('shows nothing extra for a closed block, nor for one still streaming', () => {
    for (const chunk of [tool('input-available'), tool('input-streaming')]) {
      const { container } = render(<ToolCall tool={chunk} />);
      expect(slot(container, 'tool-call')!.dataset.closed).toBe(chunk.closed ? undefined : 'false');
      expect(slot(container, 'tool-call-unclosed')).toBeNull();
      cleanup();
    }
  });

  it('lets keyboard users reach and scroll the code blocks: each <pre> is focusable and named', () => {
    const { container } = render(<ToolCall tool={tool('output-error')} />);
    const pres = [...container.querySelectorAll('pre')];
    expect(pres.length).toBeGreaterThanOrEqual(2);
    for (const pre of pres) {
      expect(pre.tabIndex).toBe(0);
      expect(pre.getAttribute('aria-label')).toMatch(/ of search$/);
    }
  });
});
