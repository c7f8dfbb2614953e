import { createContext, useContext, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { ToolChunk } from '../../types.js';
import { INTERRUPTED_TEXT } from '../interrupted.js';
import { ToolActionsContext, useToolActions, type ToolActions } from '../tool-actions.js';
import { CopyButton } from './CopyButton.js';
import { formatPreview, formatValue, HUGE_CHARS, isLong, PREVIEW_CHARS } from './format-value.js';
import { TOOL_STATE_DISPLAY } from './tool-states.js';
import { useElapsedSeconds, useIsClient } from './use-client.js';

/*
 * The default tool card as compound parts: `<ToolCall tool={chunk} />` renders
 * them all; `<ToolCall tool={chunk}>…parts…</ToolCall>` composes your own.
 * Every part reads the tool from the root, carries `data-slot` and
 * `data-status`, and passes the rest of its props to its element.
 */

const ToolCallContext = createContext<ToolChunk | null>(null);

/** The tool of the enclosing {@link ToolCall}; throws outside one. */
export function useToolCall(): ToolChunk {
  const tool = useContext(ToolCallContext);
  if (!tool) throw new Error('tool-transcript: ToolCall parts must be rendered inside <ToolCall>.');
  return tool;
}

function cx(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}

/** Props of {@link ToolCall}. */
export interface ToolCallProps extends ComponentProps<'div'> {
  /** The tool chunk to show. */
  tool: ToolChunk;
  /**
   * Called by the Approve and Deny buttons of a call in `approval-requested`
   * (pass `useChat`'s `addToolApprovalResponse`). Inside a `<ToolTranscript>`,
   * the transcript's own is used when this is not given.
   */
  onToolApprovalResponse?: ToolActions['onToolApprovalResponse'];
}

/**
 * The card's root: `data-tool-call-id`, `data-tool-name`, `data-syntax` and
 * `data-status` for CSS and tests. Without children it renders the default
 * parts: header, input, approval, output, error.
 */
export function ToolCall({ tool, className, children, onToolApprovalResponse, ...rest }: ToolCallProps) {
  const card = (
    <ToolCallContext.Provider value={tool}>
      <div
        role="group"
        aria-label={`Tool call ${tool.toolName}`}
        className={cx('tt-tool', className)}
        data-slot="tool-call"
        data-status={tool.state}
        data-tool-call-id={tool.toolCallId}
        data-tool-name={tool.toolName}
        data-syntax={tool.syntax}
        data-closed={tool.closed ? undefined : 'false'}
        {...rest}
      >
        {children ?? (
          <>
            <ToolCallHeader />
            <div className="tt-tool-body" data-slot="tool-call-body" data-status={tool.state}>
              <ToolCallInput />
              <ToolCallApproval />
              <ToolCallOutput />
              <ToolCallError />
            </div>
          </>
        )}
      </div>
    </ToolCallContext.Provider>
  );
  return onToolApprovalResponse ? <ActionsOverride onToolApprovalResponse={onToolApprovalResponse}>{card}</ActionsOverride> : card;
}

/** The enclosing actions with `onToolApprovalResponse` replaced (a `ToolCall` given its own). */
function ActionsOverride({ onToolApprovalResponse, children }: Required<Pick<ToolActions, 'onToolApprovalResponse'>> & { children: ReactNode }) {
  const actions = useToolActions();
  const value = useMemo(() => ({ ...actions, onToolApprovalResponse }), [actions, onToolApprovalResponse]);
  return <ToolActionsContext.Provider value={value}>{children}</ToolActionsContext.Provider>;
}

/** A call that will never complete because the response stopped while its input streamed. */
function isInterrupted(tool: ToolChunk): boolean {
  return tool.state === 'output-error' && tool.errorText === INTERRUPTED_TEXT;
}

/**
 * Name, state badge (label and icon from `TOOL_STATE_DISPLAY`), and while the
 * input streams an elapsed time and a progress bar (client only, after
 * hydration). A polite live region announces each state change once.
 */
export function ToolCallHeader({ className, children, ...rest }: ComponentProps<'div'>) {
  const tool = useToolCall();
  const display = TOOL_STATE_DISPLAY[tool.state];
  return (
    <div className={cx('tt-tool-header', className)} data-slot="tool-call-header" data-status={tool.state} {...rest}>
      <span className="tt-tool-name" data-slot="tool-call-name">
        {tool.toolName}
      </span>
      {tool.state === 'input-streaming' ? <StreamingProgress /> : null}
      {!tool.closed && tool.state !== 'input-streaming' && !isInterrupted(tool) ? (
        <span className="tt-tool-unclosed" data-slot="tool-call-unclosed" title="The text ended before this block's closing marker">
          not closed
        </span>
      ) : null}
      <span className="tt-tool-status" data-slot="tool-call-status" data-status={tool.state}>
        {display.icon}
        {display.label}
      </span>
      <StateAnnouncement tool={tool} />
      {children}
    </div>
  );
}

/** Elapsed seconds and an indeterminate progress bar; nothing on the server, so SSR markup is stable. */
function StreamingProgress() {
  return useIsClient() ? <StreamingClock /> : null;
}

function StreamingClock() {
  const seconds = useElapsedSeconds();
  return (
    <>
      <progress className="tt-tool-progress" data-slot="tool-call-progress" aria-label="Receiving input" />
      <span className="tt-tool-elapsed" data-slot="tool-call-elapsed">
        {seconds}s
      </span>
    </>
  );
}

/**
 * Visually hidden, `aria-live="polite"`: its text changes only when the state
 * does (not when the input grows or the name is completed), so each state
 * change is announced once.
 */
function StateAnnouncement({ tool }: { tool: ToolChunk }) {
  const last = useRef<{ state: ToolChunk['state']; text: string } | null>(null);
  if (last.current?.state !== tool.state) {
    last.current = { state: tool.state, text: `${tool.toolName}: ${TOOL_STATE_DISPLAY[tool.state].label}` };
  }
  return (
    <span className="tt-sr-only" aria-live="polite" data-slot="tool-call-announcement">
      {last.current.text}
    </span>
  );
}

/**
 * The input as indented JSON, shown live while it streams, with a copy button.
 * An input longer than {@link HUGE_CHARS} shows its first {@link PREVIEW_CHARS}
 * characters and a "Show all" button: it is formatted only that far on each
 * change (so a huge body streaming in costs the same per delta as a small one),
 * and in full when asked for or copied.
 */
export function ToolCallInput({ className, ...rest }: ComponentProps<'div'>) {
  const tool = useToolCall();
  // Memoized on the input object: the parser keeps it while a streaming body is not reparsed.
  const preview = useMemo(() => formatPreview(tool.input, HUGE_CHARS), [tool.input]);
  const [showAll, setShowAll] = useState(false);
  const huge = !preview.complete;
  const full = useMemo(() => (huge && showAll ? formatValue(tool.input) : undefined), [huge, showAll, tool.input]);
  const text = huge ? (full ?? preview.text.slice(0, PREVIEW_CHARS)) : preview.text;
  const input = tool.input;
  return (
    <div className={cx('tt-tool-section tt-tool-input', className)} data-slot="tool-call-input" data-status={tool.state} {...rest}>
      <div className="tt-tool-section-header">
        <span className="tt-tool-section-label">Input</span>
        <CopyButton text={huge ? () => full ?? formatValue(input) : text} label={`Copy input of ${tool.toolName}`} />
      </div>
      <ScrollingPre className="tt-tool-code" label={`Input of ${tool.toolName}`}>
        {text}
      </ScrollingPre>
      {huge && full === undefined ? (
        <p className="tt-tool-truncated" data-slot="tool-call-truncated">
          Showing the first {formatCount(PREVIEW_CHARS)} characters of more than {formatCount(HUGE_CHARS)}.{' '}
          <button type="button" className="tt-tool-show-all" data-slot="tool-call-show-all" onClick={() => setShowAll(true)}>
            Show all
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The approval of a call that needs a person's consent:
 *
 * - `approval-requested`: Approve and Deny buttons (accessible names "Approve"
 *   and "Deny") calling `onToolApprovalResponse({ id: approval.id, approved })`;
 *   without a callback (or an `approval.id`) it says the call waits for approval.
 *   Once pressed, both buttons are disabled until the tool changes state.
 * - `approval-responded`: the answer (Approved / Denied) and its reason.
 * - `output-denied`: that the call was denied, and the reason when one was given.
 *
 * Nothing in other states.
 */
export function ToolCallApproval({ className, ...rest }: ComponentProps<'div'>) {
  const tool = useToolCall();
  const { state } = tool;
  if (state !== 'approval-requested' && state !== 'approval-responded' && state !== 'output-denied') return null;
  return (
    <div
      className={cx('tt-tool-section tt-tool-approval', className)}
      data-slot="tool-call-approval"
      data-status={state}
      data-approved={tool.approval?.approved === undefined ? undefined : String(tool.approval.approved)}
      {...rest}
    >
      {state === 'approval-requested' ? <ApprovalRequest tool={tool} /> : <ApprovalAnswer tool={tool} />}
    </div>
  );
}

function ApprovalRequest({ tool }: { tool: ToolChunk }) {
  const { onToolApprovalResponse } = useToolActions();
  const id = tool.approval?.id;
  // Answered here: the buttons stay disabled until the host moves the tool on (a new approval id re-enables them).
  const [answeredId, setAnsweredId] = useState<string | undefined>(undefined);
  const canAnswer = onToolApprovalResponse !== undefined && id !== undefined && id !== '';
  const answer = (approved: boolean) => {
    if (!canAnswer || answeredId === id) return;
    setAnsweredId(id);
    void onToolApprovalResponse({ id, approved });
  };
  return (
    <>
      <p className="tt-tool-approval-text" data-slot="tool-call-approval-text">
        {canAnswer ? (
          <>
            Allow <code>{tool.toolName}</code> to run with this input?
          </>
        ) : (
          'Waiting for approval.'
        )}
      </p>
      {canAnswer ? (
        <div className="tt-tool-approval-actions" data-slot="tool-call-approval-actions">
          <button type="button" className="tt-tool-button" data-variant="secondary" disabled={answeredId === id} onClick={() => answer(false)}>
            Deny
          </button>
          <button type="button" className="tt-tool-button" data-variant="primary" disabled={answeredId === id} onClick={() => answer(true)}>
            Approve
          </button>
        </div>
      ) : null}
    </>
  );
}

function ApprovalAnswer({ tool }: { tool: ToolChunk }) {
  const approved = tool.state === 'output-denied' ? false : tool.approval?.approved;
  // A denied call's reason is on its approval (AI SDK parts); a transcript may record it as errorText.
  const reason = tool.approval?.reason ?? (tool.state === 'output-denied' ? tool.errorText : undefined);
  const verdict = approved === true ? 'Approved' : approved === false ? 'Denied' : 'Answered';
  return (
    <p className="tt-tool-approval-text" data-slot="tool-call-approval-answer">
      <strong>{verdict}</strong>
      {reason ? (
        <>
          {': '}
          <span data-slot="tool-call-approval-reason">{reason}</span>
        </>
      ) : tool.state === 'output-denied' ? (
        ' — the call was not run.'
      ) : null}
    </p>
  );
}

/** The output (state `output-available`) in a disclosure, collapsed when long; nothing in other states. */
export function ToolCallOutput({ className, ...rest }: ComponentProps<'details'>) {
  const tool = useToolCall();
  const text = useMemo(() => formatValue(tool.output), [tool.output]);
  if (tool.state !== 'output-available') return null;
  return (
    <Disclosure
      className={cx('tt-tool-section tt-tool-output', className)}
      dataSlot="tool-call-output"
      tool={tool}
      summary="Output"
      text={text}
      copyLabel={`Copy output of ${tool.toolName}`}
      {...rest}
    />
  );
}

/** The error (state `output-error`) in a disclosure, collapsed when long; nothing in other states. */
export function ToolCallError({ className, ...rest }: ComponentProps<'details'>) {
  const tool = useToolCall();
  if (tool.state !== 'output-error') return null;
  const text = tool.errorText ?? '';
  return (
    <Disclosure
      className={cx('tt-tool-section tt-tool-error-section', className)}
      dataSlot="tool-call-error"
      tool={tool}
      summary="Error"
      text={text}
      textClass="tt-tool-error"
      copyLabel={`Copy error of ${tool.toolName}`}
      {...rest}
    />
  );
}

interface DisclosureProps extends ComponentProps<'details'> {
  dataSlot: string;
  tool: ToolChunk;
  summary: ReactNode;
  text: string;
  /** Class of the `<pre>`: `tt-tool-code`, or `tt-tool-error` for an error. */
  textClass?: string;
  copyLabel: string;
}

/**
 * `<details>` open unless the text is long (the summary then says how long).
 * A text longer than {@link HUGE_CHARS} is put in the DOM only when the
 * disclosure is opened: until then it holds the first {@link PREVIEW_CHARS}
 * characters, and the summary says how many there are.
 */
function Disclosure({ dataSlot, tool, summary, text, textClass = 'tt-tool-code', copyLabel, onToggle, ...rest }: DisclosureProps) {
  const long = isLong(text);
  const huge = text.length > HUGE_CHARS;
  const [opened, setOpened] = useState(false);
  const lines = useMemo(() => (long ? countLines(text) : 0), [long, text]);
  const shown = huge && !opened ? text.slice(0, PREVIEW_CHARS) : text;
  return (
    <details
      open={!long}
      data-slot={dataSlot}
      data-status={tool.state}
      data-long={long ? '' : undefined}
      data-huge={huge ? '' : undefined}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
        onToggle?.(event);
      }}
      {...rest}
    >
      <summary className="tt-tool-summary">
        <span className="tt-tool-section-label">{summary}</span>
        {long ? (
          <span className="tt-tool-size">
            {formatCount(lines)} lines{huge ? `, ${formatCount(text.length)} characters` : null}
          </span>
        ) : null}
      </summary>
      <div className="tt-tool-disclosure-body">
        <CopyButton text={text} label={copyLabel} />
        <ScrollingPre className={textClass} label={`${typeof summary === 'string' ? summary : 'Value'} of ${tool.toolName}`}>
          {shown}
        </ScrollingPre>
      </div>
    </details>
  );
}

/**
 * A `<pre>` that scrolls when its text is long (the theme caps its height), so
 * it takes keyboard focus and has a name: keyboard users can scroll it.
 */
function ScrollingPre({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  return (
    <pre className={className} tabIndex={0} role="group" aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

/** `1234567` → `1,234,567` (the same on the server and the client, whatever their locale). */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
