import { useRef, type ComponentProps } from 'react';
import { CALLED_ICON, CHEVRON_ICON, TOOL_ICON } from '../../card/index.js';
import type { ToolChunk } from '../../types.js';
import { useCard } from './card-context.js';
import { cx } from '../class-names.js';
import { Icon } from './Icon.js';
import { StateIcon } from './StateIcon.js';
import { useElapsedSeconds, useIsClient } from './use-client.js';

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
