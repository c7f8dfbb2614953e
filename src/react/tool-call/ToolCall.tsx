import {
  Fragment,
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import {
  CALLED_ICON,
  CHEVRON_ICON,
  displayValue,
  displayValuePreview,
  fillLabel,
  formatValue,
  HUGE_CHARS,
  PREVIEW_CHARS,
  splitLabel,
  TOOL_ICON,
  toolCardModel,
  type ToolCardApproval,
  type ToolCardLabelOverrides,
  type ValueBlock,
} from '../../card/index.js';
import type { ToolChunk } from '../../types.js';
import { ToolActionsContext, useToolActions, type ToolActions } from '../tool-actions.js';
import { ToolCallContext, useCard, type ToolCallCardContext } from './card-context.js';
import { CopyButton } from './CopyButton.js';
import { Icon } from './Icon.js';
import { useToolCallSettings, type ToolCallHighlighter } from './settings.js';
import { StateIcon } from './StateIcon.js';
import { useElapsedSeconds, useIsClient } from './use-client.js';

/*
 * The default tool card as compound parts: `<ToolCall tool={chunk} />` renders
 * them all; `<ToolCall tool={chunk}>…parts…</ToolCall>` composes your own.
 * What it shows (sections, labels, open rule, data attributes, value display)
 * comes from the card model in `src/card`, which the remark plugin's HTML
 * draws too. Every part carries `data-slot` and `data-status`, and passes the
 * rest of its props to its element.
 */

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
  /**
   * Controlled: whether the body is shown. Wins over every rule (also over a
   * streaming or approval card's being held open).
   */
  open?: boolean;
  /**
   * Uncontrolled: whether the body starts shown. Default: the card's rule — open
   * while the input streams, while an approval is asked for, and for an error;
   * collapsed to its header for every other finished call. Until the reader
   * toggles it, the rule follows the state (a card that finishes collapses).
   */
  defaultOpen?: boolean;
  /** Called when the reader opens or closes the body (header click, Enter, Space). */
  onOpenChange?: (open: boolean) => void;
  /** Any of the card's strings over the English defaults; also settable for every card with `ToolCallSettingsContext`. */
  labels?: ToolCardLabelOverrides;
  /** Highlighter for code and JSON values (see {@link ToolCallHighlighter}); plain text when absent. */
  highlight?: ToolCallHighlighter;
  /**
   * The transcript is still streaming, so a call in `input-available` is running
   * ("Running"); otherwise it is a past call ("Called"). Default: the
   * `ToolCallSettingsContext`'s (where a call written in text runs only when the
   * settings' `textCallsRun` allows it), else `false`.
   */
  live?: boolean;
}

/**
 * The card's root: `data-tool-call-id`, `data-tool-name`, `data-syntax`,
 * `data-status` and `data-state` (`open` / `closed`) for CSS and tests.
 * Without children it renders the default parts: a header that opens and closes
 * the body (input, approval, output, error).
 */
export function ToolCall({
  tool,
  className,
  children,
  onToolApprovalResponse,
  open: openProp,
  defaultOpen,
  onOpenChange,
  labels: labelsProp,
  highlight: highlightProp,
  live: liveProp,
  ...rest
}: ToolCallProps) {
  const settings = useToolCallSettings();
  const labelOverrides = labelsProp ?? settings.labels;
  const live = liveProp ?? (settings.live === true && (tool.syntax === 'native' || settings.textCallsRun !== false));
  const model = useMemo(() => toolCardModel(tool, { live, labels: labelOverrides }), [tool, live, labelOverrides]);
  // The reader's choice, once they toggled; until then the rule (or defaultOpen) decides.
  const [choice, setChoice] = useState<boolean | undefined>(undefined);
  const open = openProp ?? (model.pinnedOpen || (choice ?? defaultOpen ?? model.defaultOpen));
  const latest = useRef({ controlled: openProp !== undefined, pinned: model.pinnedOpen, onOpenChange });
  latest.current = { controlled: openProp !== undefined, pinned: model.pinnedOpen, onOpenChange };
  // Opened or closed by the reader (header click, Enter, Space): only then does the body move in
  // (see the theme), not as cards mount or change state while a transcript streams.
  const [toggled, setToggled] = useState(false);
  const setOpen = useCallback((next: boolean) => {
    const { controlled, pinned, onOpenChange: notify } = latest.current;
    if (!controlled && pinned) return;
    setToggled(true);
    if (!controlled) setChoice(next);
    notify?.(next);
  }, []);
  const id = useId();
  // The default parts render a body; composed parts say so by mounting ToolCallContent.
  const [contents, setContents] = useState(children === undefined || children === null ? 1 : 0);
  const registerContent = useCallback(() => {
    setContents((count) => count + 1);
    return () => setContents((count) => count - 1);
  }, []);
  const card = useMemo<ToolCallCardContext>(
    () => ({
      tool,
      model,
      labels: model.labels,
      highlight: highlightProp ?? settings.highlight,
      open,
      setOpen,
      toggleable: openProp !== undefined || !model.pinnedOpen,
      contentId: contents > 0 ? `${id}-content` : undefined,
      registerContent,
      dataState: open ? 'open' : 'closed',
    }),
    [tool, model, highlightProp, settings.highlight, open, openProp, setOpen, contents, id, registerContent],
  );
  const element = (
    <ToolCallContext.Provider value={card}>
      <div
        role="group"
        aria-label={fillLabel(model.labels.toolCall, { tool: tool.toolName })}
        className={cx('tt-tool', className)}
        data-slot="tool-call"
        {...model.attributes}
        data-state={card.dataState}
        data-toggled={toggled ? '' : undefined}
        {...rest}
      >
        {children ?? <DefaultToolCallParts registered />}
      </div>
    </ToolCallContext.Provider>
  );
  return onToolApprovalResponse ? <ActionsOverride onToolApprovalResponse={onToolApprovalResponse}>{element}</ActionsOverride> : element;
}

/**
 * The default card's parts: the header, then the body (input, approval request, output, error).
 * An approval that was answered is a record of a person's decision: it stays in view under the
 * header (a finished card collapses to its header), rather than in the body.
 */
export function DefaultToolCallParts({ registered = false }: { registered?: boolean }) {
  const { model } = useCard();
  const answered = model.sections.some((section) => section.kind === 'approval' && section.approval.kind === 'answer');
  return (
    <>
      <ToolCallHeader />
      {answered ? <ToolCallApproval /> : null}
      <ToolCallContent registered={registered}>
        <ToolCallInput />
        {answered ? null : <ToolCallApproval />}
        <ToolCallOutput />
        <ToolCallError />
      </ToolCallContent>
    </>
  );
}

/** The enclosing actions with `onToolApprovalResponse` replaced (a `ToolCall` given its own). */
function ActionsOverride({ onToolApprovalResponse, children }: Required<Pick<ToolActions, 'onToolApprovalResponse'>> & { children: ReactNode }) {
  const actions = useToolActions();
  const value = useMemo(() => ({ ...actions, onToolApprovalResponse }), [actions, onToolApprovalResponse]);
  return <ToolActionsContext.Provider value={value}>{children}</ToolActionsContext.Provider>;
}

/**
 * The header: one button that opens and closes the body (`aria-expanded`,
 * `aria-controls`; Enter and Space as any button) showing the tool's name, a
 * one-line summary of its input and the state badge, and while the input
 * streams an elapsed time and a progress bar (client only, after hydration).
 * A long name or summary ellipsizes; the badge and timer never wrap out.
 * Children (your actions) come after the button. A polite live region
 * announces each state change once.
 */
export function ToolCallHeader({ className, children, ...rest }: ComponentProps<'div'>) {
  const { tool, model, labels, open, setOpen, toggleable, contentId, dataState } = useCard();
  return (
    <div className={cx('tt-tool-header', className)} data-slot="tool-call-header" data-status={tool.state} data-state={dataState} {...rest}>
      <button
        type="button"
        className="tt-tool-trigger"
        data-slot="tool-call-trigger"
        data-state={dataState}
        aria-expanded={open}
        aria-controls={contentId}
        // Held open: the button says so, and does nothing (Approve / Deny stay in view).
        aria-disabled={toggleable ? undefined : true}
        onClick={() => setOpen(!open)}
      >
        <Icon shapes={TOOL_ICON} className="tt-tool-glyph" />
        <span className="tt-tool-name" data-slot="tool-call-name">
          {model.name}
        </span>
        {model.summary ? (
          <span className="tt-tool-input-summary" data-slot="tool-call-summary">
            {model.summary}
          </span>
        ) : null}
        {model.streaming ? <StreamingProgress label={labels.receivingInput} /> : null}
        {model.unclosed ? (
          <span className="tt-tool-unclosed" data-slot="tool-call-unclosed" title={labels.notClosedTitle}>
            {labels.notClosed}
          </span>
        ) : null}
        <span className="tt-tool-status" data-slot="tool-call-status" data-status={tool.state} data-called={model.called ? '' : undefined}>
          {model.called ? <Icon shapes={CALLED_ICON} name="called" /> : <StateIcon state={tool.state} />}
          {model.stateLabel}
        </span>
        <Icon shapes={CHEVRON_ICON} className="tt-tool-chevron" />
      </button>
      <StateAnnouncement tool={tool} label={model.stateLabel} />
      {children}
    </div>
  );
}

/** Elapsed seconds and an indeterminate progress bar; nothing on the server, so SSR markup is stable. */
function StreamingProgress({ label }: { label: string }) {
  return useIsClient() ? <StreamingClock label={label} /> : null;
}

function StreamingClock({ label }: { label: string }) {
  const seconds = useElapsedSeconds();
  return (
    <>
      <progress className="tt-tool-progress" data-slot="tool-call-progress" aria-label={label} />
      <span className="tt-tool-elapsed" data-slot="tool-call-elapsed">
        {seconds}s
      </span>
    </>
  );
}

/**
 * Visually hidden, `aria-live="polite"`: its text changes only when the badge
 * does — a new state, or "Running" becoming "Called" when the stream ends —
 * not when the input grows or the name is completed, so each change is
 * announced once, and it never says other than the badge.
 */
function StateAnnouncement({ tool, label }: { tool: ToolChunk; label: string }) {
  const last = useRef<{ state: ToolChunk['state']; label: string; text: string } | null>(null);
  if (last.current?.state !== tool.state || last.current.label !== label) last.current = { state: tool.state, label, text: `${tool.toolName}: ${label}` };
  return (
    <span className="tt-sr-only" aria-live="polite" data-slot="tool-call-announcement">
      {last.current.text}
    </span>
  );
}

/** Props of {@link ToolCallContent}. */
export interface ToolCallContentProps extends ComponentProps<'div'> {
  /** @internal the default card counts its body up front (so server markup has `aria-controls`). */
  registered?: boolean;
}

/**
 * The body the header opens and closes: `hidden` while the card is closed (its
 * content stays in the page, so find-in-page and tests still see it).
 */
export function ToolCallContent({ className, registered = false, ...rest }: ToolCallContentProps) {
  const { tool, open, contentId, registerContent, dataState } = useCard();
  useEffect(() => (registered ? undefined : registerContent()), [registered, registerContent]);
  return (
    <div
      id={contentId}
      className={cx('tt-tool-body', className)}
      data-slot="tool-call-body"
      data-status={tool.state}
      data-state={dataState}
      hidden={!open}
      {...rest}
    />
  );
}

/** The input: text blocks for multi-line strings, JSON for the rest; live while it streams. */
export function ToolCallInput(props: ComponentProps<'div'>) {
  return <ValueSection {...props} which="input" />;
}

/** The output (when the call has one); nothing otherwise. */
export function ToolCallOutput(props: ComponentProps<'div'>) {
  return <ValueSection {...props} which="output" />;
}

/**
 * The section of the tool's input or output: its value under the part's label. The input is
 * shown as the model has it (`inputView`: an emoji call's empty body left out); before its first
 * key arrives, a streaming input shows a placeholder rather than `{}`.
 */
function ValueSection({ which, className, ...rest }: ComponentProps<'div'> & { which: 'input' | 'output' }) {
  const { tool, labels, model } = useCard();
  if (which === 'output' && !model.sections.some((s) => s.kind === 'output')) return null;
  const pending = which === 'input' && model.awaitingInput;
  return (
    <div className={cx(`tt-tool-section tt-tool-${which}`, className)} data-slot={`tool-call-${which}`} data-status={tool.state} {...rest}>
      {pending ? (
        <>
          <div className="tt-tool-section-header">
            <span className="tt-tool-section-label">{labels.input}</span>
          </div>
          <p className="tt-tool-pending" data-slot="tool-call-input-pending">
            {labels.awaitingInput}
          </p>
        </>
      ) : (
        <ValueView
          value={which === 'input' ? model.inputView : tool.output}
          label={labels[which]}
          copyLabel={fillLabel(which === 'input' ? labels.copyInput : labels.copyOutput, { tool: model.name })}
        />
      )}
    </div>
  );
}

/**
 * The error (state `output-error`; an interrupted call says so); nothing in
 * other states. An error longer than {@link HUGE_CHARS} shows its first
 * {@link PREVIEW_CHARS} characters until "Show all" (copying copies it whole).
 */
export function ToolCallError({ className, ...rest }: ComponentProps<'div'>) {
  const { tool, labels, model } = useCard();
  const [showAll, setShowAll] = useState(false);
  const section = model.sections.find((s) => s.kind === 'error');
  if (section?.kind !== 'error') return null;
  const huge = section.text.length > HUGE_CHARS && !showAll;
  return (
    <div className={cx('tt-tool-section tt-tool-error-section', className)} data-slot="tool-call-error" data-status={tool.state} {...rest}>
      <LabelRow label={section.label} copy={section.text} copyLabel={fillLabel(labels.copyError, { tool: model.name })} />
      <ScrollingPre className="tt-tool-error" label={fillLabel(labels.valueLabel, { part: section.label, tool: model.name })}>
        {huge ? section.text.slice(0, PREVIEW_CHARS) : section.text}
      </ScrollingPre>
      {huge ? <Truncated onShowAll={() => setShowAll(true)} /> : null}
    </div>
  );
}

/** Says a value shows only its start, with a button for the rest. */
function Truncated({ onShowAll }: { onShowAll: () => void }) {
  const { labels } = useCard();
  return (
    <p className="tt-tool-truncated" data-slot="tool-call-truncated">
      {fillLabel(labels.truncated, { shown: formatCount(PREVIEW_CHARS), total: formatCount(HUGE_CHARS) })}{' '}
      <button type="button" className="tt-tool-show-all" data-slot="tool-call-show-all" onClick={onShowAll}>
        {labels.showAll}
      </button>
    </p>
  );
}

interface ValueViewProps {
  value: unknown;
  /** The section's label (Input, Output). */
  label: string;
  /** Accessible name of the section's copy button. */
  copyLabel: string;
}

/**
 * A value as blocks (see `displayValue`): a label row with a copy button, then
 * each block — a field's text block under its key, with its own copy button.
 * A value longer than {@link HUGE_CHARS} shows the first {@link PREVIEW_CHARS}
 * characters of each long block and a "Show all" button: it is formatted only
 * that far on each change (so a huge body streaming in costs the same per
 * delta as a small one), and in full when asked for or copied.
 */
function ValueView({ value, label, copyLabel }: ValueViewProps) {
  const { labels, model } = useCard();
  const [showAll, setShowAll] = useState(false);
  // Memoized on the value: the parser keeps the input object while a streaming body is not reparsed.
  const blocks = useMemo(() => (showAll ? displayValue(value) : displayValuePreview(value, HUGE_CHARS)), [value, showAll]);
  const truncated = blocks.some((block) => !block.complete);
  return (
    <>
      <LabelRow label={label} copy={truncated || blocks.length !== 1 ? () => formatValue(value) : blocks[0]!.text} copyLabel={copyLabel} />
      {blocks.map((block) =>
        block.field === undefined ? (
          <Block key="" block={block} part={label} />
        ) : (
          <div key={block.field} className="tt-tool-field" data-slot="tool-call-field">
            <LabelRow
              field
              label={block.field}
              copy={() => formatValue(block.source)}
              copyLabel={fillLabel(labels.copyField, { field: block.field, tool: model.name })}
            />
            <Block block={block} part={`${label}: ${block.field}`} />
          </div>
        ),
      )}
      {truncated ? <Truncated onShowAll={() => setShowAll(true)} /> : null}
    </>
  );
}

/** A section's (or a field's) label, and a button that copies what it labels. */
function LabelRow({ label, copy, copyLabel, field = false }: { label: string; copy: ComponentProps<typeof CopyButton>['text']; copyLabel: string; field?: boolean }) {
  const kind = field ? 'field' : 'section';
  return (
    <div className={`tt-tool-${kind}-header`}>
      <span className={`tt-tool-${kind}-label`}>{label}</span>
      <CopyButton text={copy} label={copyLabel} />
    </div>
  );
}

/**
 * One block in a scrolling `<pre>`, highlighted when a highlighter is set, else as lines that
 * wrap under their own indentation (see {@link IndentedLines}).
 */
function Block({ block, part }: { block: ValueBlock; part: string }) {
  const { highlight, model, labels } = useCard();
  const shown = block.complete ? block.text : block.text.slice(0, PREVIEW_CHARS);
  const highlighted = useMemo(
    // Past INDENTED_LINES_CHARS a value stays one text node (it still wraps at word boundaries,
    // without the hanging indent): an element per line costs layout (measured in Chromium, a 60 KB
    // value of 1,112 lines: 72 ms to mount and 20 ms per delta, against 10 and 8 as one node).
    () => (highlight ? highlight(shown, block.language) : undefined) ?? (shown.length > INDENTED_LINES_CHARS ? shown : <IndentedLines text={shown} />),
    [highlight, shown, block.language],
  );
  return (
    <ScrollingPre
      className="tt-tool-code"
      label={fillLabel(labels.valueLabel, { part, tool: model.name })}
      kind={block.kind}
      language={block.language}
    >
      {highlighted}
    </ScrollingPre>
  );
}

/**
 * A value's text as one element per line, each carrying its indentation (`data-indent`, in
 * columns): a long line wraps at word boundaries and its continuation lines hang one level
 * deeper than the line starts, so a long JSON string stays under its key instead of running
 * back to the left edge. The text itself is unchanged (spaces and line breaks are in it), so
 * selecting and copying it gives the value as written.
 */
function IndentedLines({ text }: { text: string }) {
  const lines = text.split('\n');
  // Memoized per line: a streaming value re-renders only the lines that changed (its last ones).
  // The line break stays text between the lines (not inside a box), so `innerText` and a copied
  // selection read exactly the value.
  // An empty last line (the text ends with a line break) is not drawn: as in plain text, the
  // final break ends the line before it rather than opening another.
  return lines.map((line, index) => (
    <Fragment key={index}>
      {line === '' && index === lines.length - 1 && index > 0 ? null : <Line text={line} />}
      {index < lines.length - 1 ? '\n' : null}
    </Fragment>
  ));
}

/** Characters up to which a value is drawn as lines with a hanging indent (16 Ki). */
const INDENTED_LINES_CHARS = 16 * 1024;

/** Deepest indentation the theme hangs lines under (`data-indent` 1…32); deeper lines hang there. */
const MAX_INDENT = 32;

const Line = memo(function Line({ text }: { text: string }) {
  const indent = Math.min(indentColumns(text), MAX_INDENT);
  // An attribute the theme reads, not an inline style: pages with a strict CSP forbid `style=""`.
  return (
    <span className="tt-line" data-indent={indent === 0 ? undefined : indent}>
      {text}
    </span>
  );
});

/** Columns of a line's leading whitespace (a tab counts as the theme's `tab-size`, 4). */
function indentColumns(line: string): number {
  let columns = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === ' ') columns += 1;
    else if (char === '\t') columns += 4;
    else break;
  }
  return columns;
}

/**
 * The approval of a call that needs a person's consent:
 *
 * - `approval-requested`: Approve and Deny buttons calling
 *   `onToolApprovalResponse({ id: approval.id, approved })`; without a callback
 *   (or an `approval.id`) it says the call waits for approval. Once pressed,
 *   both buttons are disabled until the tool changes state.
 * - `approval-responded`, `output-denied` (and any call that records an
 *   answer): the answer (Approved / Denied) and its reason.
 *
 * Nothing otherwise.
 */
export function ToolCallApproval({ className, ...rest }: ComponentProps<'div'>) {
  const { tool, model } = useCard();
  const section = model.sections.find((s) => s.kind === 'approval');
  if (section?.kind !== 'approval') return null;
  const { approval } = section;
  return (
    <div
      className={cx('tt-tool-section tt-tool-approval', className)}
      data-slot="tool-call-approval"
      data-status={tool.state}
      data-approved={approval.kind === 'answer' && approval.verdict !== 'answered' ? String(approval.verdict === 'approved') : undefined}
      {...rest}
    >
      {approval.kind === 'request' ? <ApprovalRequest id={approval.id} /> : <ApprovalAnswer approval={approval} />}
    </div>
  );
}

function ApprovalRequest({ id }: { id: string | undefined }) {
  const { model, labels } = useCard();
  const { onToolApprovalResponse } = useToolActions();
  // Answered here: the buttons stay disabled until the host moves the tool on (a new approval id re-enables them).
  const [answeredId, setAnsweredId] = useState<string | undefined>(undefined);
  const canAnswer = onToolApprovalResponse !== undefined && id !== undefined && id !== '';
  const answer = (approved: boolean) => {
    if (!canAnswer || answeredId === id) return;
    setAnsweredId(id);
    void onToolApprovalResponse({ id, approved });
  };
  const [before, after] = splitLabel(labels.approvalQuestion, 'tool');
  return (
    <>
      <p className="tt-tool-approval-text" data-slot="tool-call-approval-text">
        {canAnswer ? (
          after === undefined ? (
            before
          ) : (
            <>
              {before}
              <code>{model.name}</code>
              {after}
            </>
          )
        ) : (
          labels.waitingForApproval
        )}
      </p>
      {canAnswer ? (
        <div className="tt-tool-approval-actions" data-slot="tool-call-approval-actions">
          <button type="button" className="tt-tool-button" data-variant="secondary" disabled={answeredId === id} onClick={() => answer(false)}>
            {labels.deny}
          </button>
          <button type="button" className="tt-tool-button" data-variant="primary" disabled={answeredId === id} onClick={() => answer(true)}>
            {labels.approve}
          </button>
        </div>
      ) : null}
    </>
  );
}

function ApprovalAnswer({ approval }: { approval: Extract<ToolCardApproval, { kind: 'answer' }> }) {
  const { labels } = useCard();
  return (
    <p className="tt-tool-approval-text" data-slot="tool-call-approval-answer">
      <strong>{labels[approval.verdict]}</strong>
      {approval.reason ? (
        <>
          {': '}
          <span data-slot="tool-call-approval-reason">{approval.reason}</span>
        </>
      ) : approval.final ? (
        ` — ${labels.notRun}`
      ) : null}
    </p>
  );
}

/**
 * A `<pre>` that scrolls when its text is long (the theme caps its height), so
 * it takes keyboard focus and has a name: keyboard users can scroll it.
 */
function ScrollingPre({ className, label, kind, language, children }: { className: string; label: string; kind?: string; language?: string; children: ReactNode }) {
  return (
    <pre className={className} tabIndex={0} role="group" aria-label={label} data-kind={kind} data-language={language}>
      <code className={language ? `language-${language}` : undefined}>{children}</code>
    </pre>
  );
}

/** `1234567` → `1,234,567` (the same on the server and the client, whatever their locale). */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
