import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opensByDefault } from '../../src/card/index.js';
import { ToolCall, ToolCallContent, ToolCallError, ToolCallHeader, ToolCallInput, ToolCallOutput, ToolTranscript } from '../../src/react/index.js';
import { ToolCallSettingsContext } from '../../src/react/tool-call/settings.js';
import { TOOL_STATES, type ToolState } from '../../src/index.js';
import { GERMAN } from '../../stories/support/german-labels.js';
import { searchInState } from '../support/tool-in-state.js';

afterEach(cleanup);

const tool = searchInState;

const slot = (container: ParentNode, name: string) => container.querySelector<HTMLElement>(`[data-slot="${name}"]`);

/** What the badge says in a finished transcript (the default) and while one streams (`live`). */
const FINISHED: Record<ToolState, string> = {
  'input-streaming': 'Receiving input',
  'input-available': 'Called',
  'approval-requested': 'Awaiting approval',
  'approval-responded': 'Approval answered',
  'output-available': 'Completed',
  'output-error': 'Error',
  'output-denied': 'Denied',
};
const LIVE: Record<ToolState, string> = { ...FINISHED, 'input-available': 'Running' };

const GERMAN_BADGE: Record<ToolState, string> = { ...GERMAN.states!, 'input-available': 'Aufgerufen' } as Record<ToolState, string>;

describe.each(TOOL_STATES)('tool card in state %s', (state) => {
  it('root: data-status, data-state, data-tool-call-id, data-tool-name, data-slot and the rest of the props', () => {
    const { container } = render(<ToolCall tool={tool(state)} id="card" className="mine" data-extra="x" />);
    const root = slot(container, 'tool-call')!;
    expect(root.dataset).toMatchObject({ status: state, toolCallId: `call-${state}`, toolName: 'search', syntax: 'fence', extra: 'x' });
    expect(root.dataset.state).toBe(opensByDefault(state) ? 'open' : 'closed');
    expect(root.id).toBe('card');
    expect(root.className).toBe('tt-tool mine');
    expect(root.getAttribute('aria-label')).toBe('Tool call search');
  });

  it('header: a disclosure button with the name, the input on one line and the state; progress only while streaming', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const header = slot(container, 'tool-call-header')!;
    expect(header.dataset.status).toBe(state);
    const trigger = slot(header, 'tool-call-trigger')!;
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.getAttribute('type')).toBe('button');
    expect(trigger.getAttribute('aria-controls')).toBe(slot(container, 'tool-call-body')!.id);
    expect(slot(trigger, 'tool-call-name')!.textContent).toBe('search');
    expect(slot(trigger, 'tool-call-summary')!.textContent).toBe('query: tides, limit: 3');
    const badge = slot(trigger, 'tool-call-status')!;
    expect(badge.textContent).toBe(FINISHED[state]);
    // A past call ("Called") has its own still icon, not input-available's clock.
    const icon = state === 'input-available' ? 'called' : state;
    expect(badge.querySelector(`svg[data-icon="${icon}"][aria-hidden="true"]`)).not.toBeNull();
    const streaming = state === 'input-streaming';
    expect(header.querySelector('progress') !== null).toBe(streaming);
    expect(slot(header, 'tool-call-elapsed') !== null).toBe(streaming);
    expect(header.querySelector('[aria-live="polite"]')!.textContent).toBe(`search: ${FINISHED[state]}`);
  });

  it('collapse: finished calls start closed, streaming / approval / error open; the header toggles the rest', () => {
    const onOpenChange = vi.fn();
    const { container } = render(<ToolCall tool={tool(state)} onOpenChange={onOpenChange} />);
    const trigger = slot(container, 'tool-call-trigger')!;
    const body = slot(container, 'tool-call-body')!;
    const open = opensByDefault(state);
    expect(trigger.getAttribute('aria-expanded')).toBe(String(open));
    expect(body.hidden).toBe(!open);
    expect(body.dataset.state).toBe(open ? 'open' : 'closed');
    fireEvent.click(trigger);
    const pinned = state === 'input-streaming' || state === 'approval-requested';
    if (pinned) {
      // Held open: Approve / Deny and the streaming input stay in view.
      expect(trigger.getAttribute('aria-disabled')).toBe('true');
      expect(body.hidden).toBe(false);
      expect(onOpenChange).not.toHaveBeenCalled();
    } else {
      expect(trigger.hasAttribute('aria-disabled')).toBe(false);
      expect(body.hidden).toBe(open);
      expect(trigger.getAttribute('aria-expanded')).toBe(String(!open));
      expect(slot(container, 'tool-call')!.dataset.state).toBe(open ? 'closed' : 'open');
      expect(onOpenChange).toHaveBeenCalledWith(!open);
    }
  });

  it('live: a transcript still streaming says Running for input-available; the rest reads the same', () => {
    const { container } = render(<ToolCall tool={tool(state)} live />);
    expect(slot(container, 'tool-call-status')!.textContent).toBe(LIVE[state]);
    cleanup();
    const viaContext = render(
      <ToolCallSettingsContext.Provider value={{ live: true }}>
        <ToolCall tool={tool(state)} />
      </ToolCallSettingsContext.Provider>,
    );
    expect(slot(viaContext.container, 'tool-call-status')!.textContent).toBe(LIVE[state]);
  });

  it('labels: every state label, the section labels and the names can be translated', () => {
    const { container } = render(<ToolCall tool={tool(state)} labels={GERMAN} onToolApprovalResponse={() => {}} />);
    expect(slot(container, 'tool-call-status')!.textContent).toBe(GERMAN_BADGE[state]);
    expect(slot(container, 'tool-call')!.getAttribute('aria-label')).toBe('Werkzeugaufruf search');
    expect(slot(container, 'tool-call-input')!.querySelector('.tt-tool-section-label')!.textContent).toBe('Eingabe');
    expect(screen.getByRole('button', { name: 'Eingabe von search kopieren', hidden: true }).textContent).toBe('Kopieren');
    if (state === 'output-available') expect(slot(container, 'tool-call-output')!.querySelector('.tt-tool-section-label')!.textContent).toBe('Ausgabe');
    if (state === 'output-error') expect(slot(container, 'tool-call-error')!.querySelector('.tt-tool-section-label')!.textContent).toBe('Fehlermeldung');
    if (state === 'approval-requested') {
      expect(slot(container, 'tool-call-approval')!.textContent).toBe('Darf search mit dieser Eingabe laufen?AblehnenErlauben');
    }
  });

  it('input: pretty JSON and a copy button', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const input = slot(container, 'tool-call-input')!;
    expect(input.dataset.status).toBe(state);
    expect(input.querySelector('pre')!.textContent).toBe('{\n  "query": "tides",\n  "limit": 3\n}');
    expect(input.querySelector('code')!.className).toBe('language-json');
    expect(input.querySelector('button')!.getAttribute('aria-label')).toBe('Copy input of search');
  });

  it('output: a section in output-available, nothing otherwise', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const output = slot(container, 'tool-call-output');
    if (state !== 'output-available') return expect(output).toBeNull();
    expect(output!.dataset.status).toBe(state);
    expect(output!.querySelector('.tt-tool-section-label')!.textContent).toBe('Output');
    expect(output!.querySelector('pre')!.textContent).toBe('{\n  "hits": [\n    "a",\n    "b"\n  ]\n}');
  });

  it('error: the error text in output-error, nothing otherwise', () => {
    const { container } = render(<ToolCall tool={tool(state)} />);
    const error = slot(container, 'tool-call-error');
    if (state !== 'output-error') return expect(error).toBeNull();
    expect(error!.dataset.status).toBe(state);
    expect(error!.querySelector('pre.tt-tool-error')!.textContent).toBe('quota exceeded');
  });

  it('renders on the server with the same open state and aria-controls', () => {
    const html = renderToString(<ToolCall tool={tool(state)} />);
    expect(html).toContain(`aria-expanded="${opensByDefault(state)}"`);
    expect(html).toMatch(/aria-controls="[^"]+"/);
    expect(html.includes(' hidden=""')).toBe(!opensByDefault(state));
  });
});

describe('collapse', () => {
  it('defaultOpen starts a finished call open; the reader’s choice then sticks', () => {
    const { container } = render(<ToolCall tool={tool('output-available')} defaultOpen />);
    const trigger = slot(container, 'tool-call-trigger')!;
    expect(slot(container, 'tool-call-body')!.hidden).toBe(false);
    fireEvent.click(trigger);
    expect(slot(container, 'tool-call-body')!.hidden).toBe(true);
  });

  it('open is controlled: the card follows it, and reports clicks through onOpenChange', () => {
    const onOpenChange = vi.fn();
    const { container, rerender } = render(<ToolCall tool={tool('output-available')} open onOpenChange={onOpenChange} />);
    fireEvent.click(slot(container, 'tool-call-trigger')!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(slot(container, 'tool-call-body')!.hidden).toBe(false);
    rerender(<ToolCall tool={tool('output-available')} open={false} onOpenChange={onOpenChange} />);
    expect(slot(container, 'tool-call-body')!.hidden).toBe(true);
    // Controlled wins over the held-open states too.
    rerender(<ToolCall tool={tool('approval-requested')} open={false} />);
    expect(slot(container, 'tool-call-body')!.hidden).toBe(true);
    // …so its header is a working toggle then.
    expect(slot(container, 'tool-call-trigger')!.hasAttribute('aria-disabled')).toBe(false);
  });

  it('a streaming card is open, and collapses when its call finishes — unless the reader chose', () => {
    const { container, rerender } = render(<ToolCall tool={tool('input-streaming')} />);
    const body = () => slot(container, 'tool-call-body')!;
    expect(body().hidden).toBe(false);
    rerender(<ToolCall tool={tool('output-available')} />);
    expect(body().hidden).toBe(true);
    fireEvent.click(slot(container, 'tool-call-trigger')!);
    expect(body().hidden).toBe(false);
    rerender(<ToolCall tool={tool('output-available', { output: 'more' })} />);
    expect(body().hidden).toBe(false);
  });

  it('an approval request stays open with Approve and Deny reachable without a click', () => {
    render(<ToolCall tool={tool('approval-requested')} onToolApprovalResponse={() => {}} />);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeTruthy();
  });

  it('composed parts: aria-controls only once a ToolCallContent is there', () => {
    const { container, rerender } = render(
      <ToolCall tool={tool('output-available')}>
        <ToolCallHeader />
        <ToolCallInput />
      </ToolCall>,
    );
    expect(slot(container, 'tool-call-trigger')!.hasAttribute('aria-controls')).toBe(false);
    rerender(
      <ToolCall tool={tool('output-available')}>
        <ToolCallHeader />
        <ToolCallContent>
          <ToolCallInput />
        </ToolCallContent>
      </ToolCall>,
    );
    expect(slot(container, 'tool-call-trigger')!.getAttribute('aria-controls')).toBe(slot(container, 'tool-call-body')!.id);
  });
});

describe('values', () => {
  const SCRIPT = '#!/usr/bin/env python3\n"""Says hi."""\nprint("hi")\n';

  it('a multi-line string reads as text with real line breaks, not JSON', () => {
    const { container } = render(<ToolCall tool={tool('output-available', { output: SCRIPT })} defaultOpen />);
    const pre = slot(container, 'tool-call-output')!.querySelector('pre')!;
    expect(pre.textContent).toBe(SCRIPT);
    expect(pre.dataset.kind).toBe('text');
    expect(pre.querySelector('code')!.className).toBe('language-python');
  });

  it('an object with multi-line fields: the other fields as JSON, each multi-line field as a labelled text block', () => {
    const input = { path: 'hi.py', content: SCRIPT, mode: 0o644 };
    const { container } = render(<ToolCall tool={tool('input-available', { toolName: 'write_file', input })} defaultOpen />);
    const section = slot(container, 'tool-call-input')!;
    const pres = [...section.querySelectorAll('pre')];
    expect(pres.map((pre) => pre.textContent)).toEqual(['{\n  "path": "hi.py",\n  "mode": 420\n}', SCRIPT]);
    const field = slot(section, 'tool-call-field')!;
    expect(field.querySelector('.tt-tool-field-label')!.textContent).toBe('content');
    expect(field.querySelector('pre')!.getAttribute('aria-label')).toBe('Input: content of write_file');
    expect(field.querySelector('button')!.getAttribute('aria-label')).toBe('Copy content of write_file');
    expect(field.querySelector('code')!.className).toBe('language-python');
  });

  it('copies a text field as text and the whole input as JSON', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const input = { path: 'a.txt', content: 'one\ntwo' };
    render(<ToolCall tool={tool('input-available', { input })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy content of search', hidden: true }));
    expect(writeText).toHaveBeenLastCalledWith('one\ntwo');
    fireEvent.click(screen.getByRole('button', { name: 'Copy input of search', hidden: true }));
    expect(writeText).toHaveBeenLastCalledWith(JSON.stringify(input, null, 2));
    await act(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('highlight: called per block with its language; its nodes go inside <code>', () => {
    const highlight = vi.fn((code: string, language: string) => <mark data-lang={language}>{code.length}</mark>);
    const { container } = render(<ToolCall tool={tool('output-available', { input: { a: 1 }, output: SCRIPT })} highlight={highlight} />);
    expect(highlight).toHaveBeenCalledWith('{\n  "a": 1\n}', 'json');
    expect(highlight).toHaveBeenCalledWith(SCRIPT, 'python');
    const marks = [...container.querySelectorAll('pre > code > mark')].map((mark) => (mark as HTMLElement).dataset.lang);
    expect(marks).toEqual(['json', 'python']);
  });

  it('highlight returning undefined leaves the block as plain text; errors are never highlighted', () => {
    const highlight = vi.fn(() => undefined);
    const { container } = render(<ToolCall tool={tool('output-error')} highlight={highlight} />);
    expect(highlight).toHaveBeenCalledTimes(1);
    expect(slot(container, 'tool-call-input')!.querySelector('code')!.textContent).toBe('{\n  "query": "tides",\n  "limit": 3\n}');
  });

  it('shows a string output as it is, and the input live as it grows', () => {
    const { container, rerender } = render(<ToolCall tool={tool('input-streaming', { input: { path: 'a' } })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe('{\n  "path": "a"\n}');
    rerender(<ToolCall tool={tool('input-streaming', { input: { path: 'a.ts', content: 'x' } })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe('{\n  "path": "a.ts",\n  "content": "x"\n}');
    rerender(<ToolCall tool={tool('input-streaming', { input: { path: 'a.ts', content: 'x\ny' } })} />);
    expect([...slot(container, 'tool-call-input')!.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual(['{\n  "path": "a.ts"\n}', 'x\ny']);
    rerender(<ToolCall tool={tool('output-available', { output: 'plain text' })} />);
    expect(slot(container, 'tool-call-output')!.querySelector('pre')!.textContent).toBe('plain text');
  });

  it('shows values JSON cannot hold', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { container } = render(<ToolCall tool={tool('output-available', { input: { n: 10n }, output: circular })} />);
    expect(slot(container, 'tool-call-input')!.querySelector('pre')!.textContent).toBe('{\n  "n": "10"\n}');
    expect(slot(container, 'tool-call-output')!.querySelector('pre')!.textContent).toBe('[object Object]');
  });
});

describe('settings for every card (ToolCallSettingsContext)', () => {
  it('reach the cards of a <ToolTranscript> inside: labels, highlighter and live', () => {
    const highlight = (code: string) => <b data-testid="hl">{code.length}</b>;
    const { container } = render(
      <ToolCallSettingsContext.Provider value={{ labels: { called: 'Aufgerufen', states: { 'output-available': 'Fertig' } }, highlight }}>
        <ToolTranscript chunks={[tool('input-available', { toolCallId: 'a' }), tool('output-available', { toolCallId: 'b' })]} />
      </ToolCallSettingsContext.Provider>,
    );
    expect([...container.querySelectorAll('[data-slot="tool-call-status"]')].map((badge) => badge.textContent)).toEqual(['Aufgerufen', 'Fertig']);
    expect(screen.getAllByTestId('hl').length).toBeGreaterThan(0);
  });

  it('a card’s own props win over the settings', () => {
    const { container } = render(
      <ToolCallSettingsContext.Provider value={{ labels: { called: 'A' }, live: true }}>
        <ToolCall tool={tool('input-available')} labels={{ called: 'B' }} live={false} />
      </ToolCallSettingsContext.Provider>,
    );
    expect(slot(container, 'tool-call-status')!.textContent).toBe('B');
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

  it('announces a state change once, not when the input grows or the name changes', () => {
    const { container, rerender } = render(<ToolCall tool={tool('input-streaming', { input: {} })} />);
    const live = () => container.querySelector('[aria-live="polite"]')!;
    const node = live().firstChild;
    rerender(<ToolCall tool={tool('input-streaming', { input: { q: 1 }, toolName: 'search2' })} />);
    expect(live().textContent).toBe('search: Receiving input');
    expect(live().firstChild).toBe(node);
    rerender(<ToolCall tool={tool('input-available', { toolName: 'search2' })} live />);
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

  it('says when copying is refused, in the card’s labels', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    render(<ToolCall tool={tool('output-error')} labels={{ copyFailed: 'Kopieren fehlgeschlagen' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy input of search' }));
    expect(await screen.findByText('Kopieren fehlgeschlagen')).toBeTruthy();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });
});

describe('tool card details', () => {
  it('says when a finished block was never closed, and marks it data-closed="false"', () => {
    const { container } = render(<ToolCall tool={tool('input-available', { closed: false })} labels={{ notClosed: 'offen' }} />);
    expect(slot(container, 'tool-call')!.dataset.closed).toBe('false');
    expect(slot(container, 'tool-call-unclosed')!.textContent).toBe('offen');
  });

  it('shows nothing extra for a closed block, nor for one still streaming', () => {
    for (const chunk of [tool('input-available'), tool('input-streaming')]) {
      const { container } = render(<ToolCall tool={chunk} />);
      expect(slot(container, 'tool-call')!.dataset.closed).toBe(chunk.closed ? undefined : 'false');
      expect(slot(container, 'tool-call-unclosed')).toBeNull();
      cleanup();
    }
  });

  it('an interrupted call says so in the card’s words', () => {
    const interrupted = tool('output-error', { errorText: 'The response stopped before this call was complete.', closed: false });
    const { container } = render(<ToolCall tool={interrupted} labels={{ interrupted: 'Abgebrochen.' }} />);
    expect(slot(container, 'tool-call-error')!.querySelector('pre')!.textContent).toBe('Abgebrochen.');
    // Not also flagged as an unclosed block: it is interrupted.
    expect(slot(container, 'tool-call-unclosed')).toBeNull();
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

  it('ToolCallError renders nothing for a call without an error', () => {
    const { container } = render(
      <ToolCall tool={tool('output-available')}>
        <ToolCallError />
      </ToolCall>,
    );
    expect(slot(container, 'tool-call-error')).toBeNull();
  });
});
