import { useCallback, useId, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { fillLabel, sectionOf, toolCardModel, type ToolCardLabelOverrides } from '../../card/index.js';
import type { ToolChunk } from '../../types.js';
import { ToolActionsContext, useToolActions, type ToolActions } from '../tool-actions.js';
import { ToolCallContext, useCard, type ToolCallCardContext } from './card-context.js';
import { cx } from '../class-names.js';
import { useToolCallSettings, type ToolCallHighlighter } from './settings.js';
import { ToolCallApproval } from './ToolCallApproval.js';
import { ToolCallBody } from './ToolCallContent.js';
import { ToolCallHeader } from './ToolCallHeader.js';
import { ToolCallError, ToolCallInput, ToolCallOutput } from './ToolCallSections.js';

/*
 * The default tool card as compound parts: `<ToolCall tool={chunk} />` renders
 * them all; `<ToolCall tool={chunk}>…parts…</ToolCall>` composes your own.
 * What it shows (sections, labels, open rule, data attributes, value display)
 * comes from the card model in `src/card`, which the remark plugin's HTML
 * draws too. Every part carries `data-slot` and `data-status`, and passes the
 * rest of its props to its element.
 */

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
  const answered = sectionOf(model, 'approval')?.approval.kind === 'answer';
  return (
    <>
      <ToolCallHeader />
      {answered ? <ToolCallApproval /> : null}
      <ToolCallBody registered={registered}>
        <ToolCallInput />
        {answered ? null : <ToolCallApproval />}
        <ToolCallOutput />
        <ToolCallError />
      </ToolCallBody>
    </>
  );
}

/** The enclosing actions with `onToolApprovalResponse` replaced (a `ToolCall` given its own). */
function ActionsOverride({ onToolApprovalResponse, children }: Required<Pick<ToolActions, 'onToolApprovalResponse'>> & { children: ReactNode }) {
  const actions = useToolActions();
  const value = useMemo(() => ({ ...actions, onToolApprovalResponse }), [actions, onToolApprovalResponse]);
  return <ToolActionsContext.Provider value={value}>{children}</ToolActionsContext.Provider>;
}
