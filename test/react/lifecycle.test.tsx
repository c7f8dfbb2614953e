import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOOL_CARD_LABELS } from '../../src/card/index.js';
import { TOOL_STATES, type ToolState } from '../../src/index.js';
import { ToolCall, ToolTranscript, type ToolComponentProps } from '../../src/react/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';
import { interruptedView } from '../../src/react/interrupted.js';
import type { ToolApprovalResponse, ToolOutputResult } from '../../src/react/tool-actions.js';
import { createTranscriptStore, type TranscriptMessage } from '../../src/store/index.js';
import { toolInState } from '../support/tool-in-state.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const slot = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-slot="${name}"]`);
const cardsOf = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-tool-call-id]')].map((el) => `${el.dataset.toolCallId}:${el.dataset.status}`);

/** What a person reads in the approval section of a card in each state (empty: no section). */
const APPROVAL_TEXT: Record<ToolState, string> = {
  'input-streaming': '',
  'input-available': '',
  'approval-requested': 'Allow delete_files to run with this input?DenyApprove',
  'approval-responded': 'Approved: looks safe',
  'output-available': '',
  'output-error': '',
  'output-denied': 'Denied: keep the logs for the audit',
};

/** The badge: the state's label, except that a past call with no result (not live) was "Called". */
const BADGE: Record<ToolState, string> = { ...DEFAULT_TOOL_CARD_LABELS.states, 'input-available': 'Called' };

describe.each(TOOL_STATES)('state %s', (state) => {
  it('<ToolCall>: data-status, the label, and the approval section of this state', () => {
    const onToolApprovalResponse = vi.fn();
    const { container } = render(<ToolCall tool={toolInState(state)} onToolApprovalResponse={onToolApprovalResponse} />);
    expect(slot(container, 'tool-call')!.dataset.status).toBe(state);
    expect(slot(container, 'tool-call-status')!.textContent).toBe(BADGE[state]);
    expect(slot(container, 'tool-call-approval')?.textContent ?? '').toBe(APPROVAL_TEXT[state]);
    // Buttons only where there is something to answer.
    expect(screen.queryAllByRole('button', { name: /^(Approve|Deny)$/ })).toHaveLength(state === 'approval-requested' ? 2 : 0);
  });

  it('<ToolTranscript chunks>: the same card, the same data-status', () => {
    const { container } = render(<ToolTranscript chunks={[toolInState(state)]} onToolApprovalResponse={() => {}} />);
    expect(cardsOf(container)).toEqual([`call-${state}:${state}`]);
    expect(slot(container, 'tool-call-status')!.textContent).toBe(BADGE[state]);
    expect(slot(container, 'tool-call-approval')?.textContent ?? '').toBe(APPROVAL_TEXT[state]);
  });

  it('a custom component gets the tool and the lifecycle callbacks; the wrapper carries data-status', () => {
    const seen: ToolComponentProps[] = [];
    const Custom = (props: ToolComponentProps) => {
      seen.push(props);
      return <b>{props.tool.state}</b>;
    };
    const onToolApprovalResponse = vi.fn();
    const onToolOutput = vi.fn();
    const { container } = render(
      <ToolTranscript
        chunks={[toolInState(state)]}
        toolComponents={{ delete_files: Custom }}
        onToolApprovalResponse={onToolApprovalResponse}
        onToolOutput={onToolOutput}
      />,
    );
    expect(cardsOf(container)).toEqual([`call-${state}:${state}`]);
    const props = seen.at(-1)!;
    expect(props.tool).toEqual(toolInState(state));
    props.onToolApprovalResponse!({ id: 'x', approved: true });
    props.onToolOutput!({ tool: 'delete_files', toolCallId: 'call_1', output: 1 });
    expect(onToolApprovalResponse).toHaveBeenCalledWith({ id: 'x', approved: true });
    expect(onToolOutput).toHaveBeenCalledWith({ tool: 'delete_files', toolCallId: 'call_1', output: 1 });
  });
});

describe('approval', () => {
  it('Approve and Deny call onToolApprovalResponse with the approval id, once', () => {
    const answers: ToolApprovalResponse[] = [];
    const { rerender } = render(<ToolTranscript chunks={[toolInState('approval-requested')]} onToolApprovalResponse={(a) => void answers.push(a)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(answers).toEqual([{ id: 'approval-1', approved: true }]);
    // Answered: both buttons wait for the host to move the call on.
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Deny' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(answers).toHaveLength(1);
    // A new request (another approval id) can be answered again.
    rerender(<ToolTranscript chunks={[toolInState('approval-requested', { approval: { id: 'approval-8' } })]} onToolApprovalResponse={(a) => void answers.push(a)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(answers).toEqual([
      { id: 'approval-1', approved: true },
      { id: 'approval-8', approved: false },
    ]);
  });

  it('calls the latest callback given, without re-rendering the cards for a new inline function', () => {
    let renders = 0;
    const Counted = ({ tool: t }: ToolComponentProps) => {
      renders++;
      return <i>{t.state}</i>;
    };
    const chunks = [toolInState('approval-requested'), toolInState('input-available', { toolName: 'other' })];
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<ToolTranscript chunks={chunks} toolComponents={{ other: Counted }} onToolApprovalResponse={(a) => first(a)} />);
    rerender(<ToolTranscript chunks={chunks} toolComponents={{ other: Counted }} onToolApprovalResponse={(a) => second(a)} />);
    expect(renders).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ id: 'approval-1', approved: true });
  });

  it('without a callback, or without an approval id, says it waits and shows no buttons', () => {
    const { container } = render(
      <>
        <ToolTranscript chunks={[toolInState('approval-requested')]} />
        <ToolCall tool={toolInState('approval-requested', { approval: undefined })} onToolApprovalResponse={() => {}} />
      </>,
    );
    expect([...container.querySelectorAll('[data-slot="tool-call-approval"]')].map((el) => el.textContent)).toEqual([
      'Waiting for approval.',
      'Waiting for approval.',
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a denied call without a reason says it was not run; an errorText counts as the reason', () => {
    const { container } = render(
      <>
        <ToolCall tool={toolInState('output-denied', { approval: { id: 'a', approved: false } })} />
        <ToolCall tool={toolInState('output-denied', { approval: undefined, errorText: 'not today' })} />
        <ToolCall tool={toolInState('approval-responded', { approval: { id: 'a', approved: false } })} />
      </>,
    );
    expect([...container.querySelectorAll('[data-slot="tool-call-approval"]')].map((el) => el.textContent)).toEqual([
      'Denied — the call was not run.',
      'Denied: not today',
      'Denied',
    ]);
    expect([...container.querySelectorAll('[data-slot="tool-call-approval"]')].map((el) => (el as HTMLElement).dataset.approved)).toEqual([
      'false',
      // An output-denied call was denied, whether or not it carries an approval object.
      'false',
      'false',
    ]);
  });

  it('renders its buttons on the server', () => {
    const html = renderToString(<ToolTranscript chunks={[toolInState('approval-requested')]} onToolApprovalResponse={() => {}} />);
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Deny</button>');
  });
});

describe('client-side tools', () => {
  it('a custom component answers with onToolOutput, in the shape of addToolOutput', () => {
    const results: ToolOutputResult[] = [];
    function AskColor({ tool: t, onToolOutput }: ToolComponentProps) {
      return (
        <>
          <button type="button" onClick={() => onToolOutput?.({ tool: t.toolName, toolCallId: t.toolCallId, output: { color: 'teal' } })}>
            Teal
          </button>
          <button
            type="button"
            onClick={() => onToolOutput?.({ tool: t.toolName, toolCallId: t.toolCallId, state: 'output-error', errorText: 'No colour' })}
          >
            None
          </button>
        </>
      );
    }
    render(
      <ToolTranscript
        chunks={[toolInState('input-available', { toolName: 'ask_color', toolCallId: 'c1' })]}
        toolComponents={{ ask_color: AskColor }}
        onToolOutput={(result) => void results.push(result)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Teal' }));
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(results).toEqual([
      { tool: 'ask_color', toolCallId: 'c1', output: { color: 'teal' } },
      { tool: 'ask_color', toolCallId: 'c1', state: 'output-error', errorText: 'No colour' },
    ]);
  });
});

/** An assistant message stopped while a call's input streamed, as useChat keeps it (and as storage gives it back). */
const STOPPED: TranscriptMessage = {
  id: 'm1',
  parts: [
    { type: 'text', text: 'Writing the file now.', state: 'done' },
    { type: 'dynamic-tool', toolName: 'write_file', toolCallId: 'w1', state: 'input-streaming', input: { path: 'a.md', content: 'Hel' } },
  ],
};

describe('streaming={false}: the response is over', () => {
  it('message: a call still receiving input is interrupted, and nothing counts any more', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<ToolTranscript message={STOPPED} streaming />);
    expect(cardsOf(container)).toEqual(['w1:input-streaming']);
    expect(slot(container, 'tool-call-elapsed')!.textContent).toBe('0s');
    act(() => vi.advanceTimersByTime(2100));
    expect(slot(container, 'tool-call-elapsed')!.textContent).toBe('2s');
    rerender(<ToolTranscript message={STOPPED} streaming={false} />);
    expect(cardsOf(container)).toEqual(['w1:output-error']);
    expect(slot(container, 'tool-call-error')!.querySelector('pre')!.textContent).toBe(INTERRUPTED_TEXT);
    expect(slot(container, 'tool-call-elapsed')).toBeNull();
    expect(container.querySelector('progress')).toBeNull();
    expect(slot(container, 'tool-call-unclosed')).toBeNull();
    expect((container.firstElementChild as HTMLElement).dataset.transcriptStatus).toBe('done');
    // The clock's interval is gone, not just hidden: once pending one-shot timers ran, no timer is left.
    act(() => vi.runOnlyPendingTimers());
    expect(vi.getTimerCount()).toBe(0);
    // What the input had so far stays readable.
    expect(slot(container, 'tool-call-input')!.textContent).toContain('"content": "Hel"');
  });

  it('message, after a reload: the same, from the first render (and on the server)', () => {
    const { container } = render(<ToolTranscript message={STOPPED} streaming={false} />);
    expect(cardsOf(container)).toEqual(['w1:output-error']);
    expect(slot(container, 'tool-call-error')!.textContent).toContain(INTERRUPTED_TEXT);
    const html = renderToString(<ToolTranscript message={STOPPED} streaming={false} />);
    expect(html).toContain('data-status="output-error"');
    expect(html).not.toContain('data-status="input-streaming"');
  });

  it('store, chunks and a custom component: the same', () => {
    const store = createTranscriptStore();
    store.append('```tool search\ninput:\n  q: ti');
    const seen: ToolState[] = [];
    const Search = ({ tool: t }: ToolComponentProps) => {
      seen.push(t.state);
      return <i>{t.errorText}</i>;
    };
    const { container } = render(
      <>
        <ToolTranscript store={store} streaming={false} />
        <ToolTranscript chunks={[toolInState('input-streaming')]} streaming={false} />
        <ToolTranscript chunks={[toolInState('input-streaming', { toolName: 'search' })]} streaming={false} toolComponents={{ search: Search }} />
      </>,
    );
    expect(cardsOf(container)).toEqual(['tool-call-1:output-error', 'call-input-streaming:output-error', 'call-input-streaming:output-error']);
    expect(seen).toEqual(['output-error']);
    expect(container.querySelector('i')!.textContent).toBe(INTERRUPTED_TEXT);
  });

  it('settled calls are left as they are; streaming left out changes nothing', () => {
    for (const state of TOOL_STATES.filter((s) => s !== 'input-streaming')) {
      const chunk = toolInState(state);
      expect(interruptedView(chunk, false)).toBe(chunk);
    }
    const open = toolInState('input-streaming');
    expect(interruptedView(open, undefined)).toBe(open);
    expect(interruptedView(open, true)).toBe(open);
    const { container } = render(<ToolTranscript message={STOPPED} />);
    expect(cardsOf(container)).toEqual(['w1:input-streaming']);
  });

  it('the last text is no longer shown as live once the response is over', () => {
    const message: TranscriptMessage = { id: 'm2', parts: [{ type: 'text', text: 'Some **bold', state: 'streaming' }] };
    const { container, rerender } = render(<ToolTranscript message={message} streaming />);
    expect(container.querySelector('strong')).not.toBeNull();
    rerender(<ToolTranscript message={message} streaming={false} />);
    expect(container.querySelector('strong')).toBeNull();
    expect(within(container).getByText('Some **bold')).toBeTruthy();
  });
});
