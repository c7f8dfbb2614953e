import { useState, type ComponentProps } from 'react';
import type { ReasoningChunk } from '../../types.js';
import { cx } from '../class-names.js';

/** Where a reasoning block stands: still being written, finished, or cut off by the end of the response. */
export type ReasoningStatus = 'streaming' | 'done' | 'cut-off';

/** The summary line per status. */
export const REASONING_STATUS_LABELS: Readonly<Record<ReasoningStatus, string>> = {
  streaming: 'Thinking…',
  done: 'Reasoning',
  'cut-off': 'Reasoning (cut off)',
};

/** Props of {@link Reasoning}: the chunk, whether the response is still streaming it, and the `<details>` element's own props. */
export interface ReasoningProps extends Omit<ComponentProps<'details'>, 'children' | 'open'> {
  reasoning: ReasoningChunk;
  /** The block is the live end of a response still streaming (an unclosed block is then being written, not cut off). */
  streaming?: boolean;
}

/** The status of a reasoning chunk: closed is done; open is streaming while the response streams, else cut off. */
export function reasoningStatus(reasoning: ReasoningChunk, streaming: boolean): ReasoningStatus {
  return reasoning.closed ? 'done' : streaming ? 'streaming' : 'cut-off';
}

/**
 * A reasoning block (`<think>…</think>`, an AI SDK `reasoning` part) as a disclosure: open while
 * the model is thinking, collapsed once it is done (or cut off); the reader can open or close it at
 * any time, and a change of status sets it again. The text is shown as written (line breaks kept),
 * not as markdown. State is on `data-status`; styled by the `tt-reasoning*` classes of
 * `styles.css` (variables `--tt-reasoning-fg`, `--tt-reasoning-border`).
 */
export function Reasoning({ reasoning, streaming = false, className, onToggle, ...rest }: ReasoningProps) {
  const status = reasoningStatus(reasoning, streaming);
  const [shown, setShown] = useState({ status, open: status === 'streaming' });
  // A new status sets the disclosure again (open while streaming, collapsed after): adjusted during render.
  const current = shown.status === status ? shown : { status, open: status === 'streaming' };
  if (current !== shown) setShown(current);
  return (
    <details
      {...rest}
      className={cx('tt-reasoning', className)}
      data-slot="reasoning"
      data-status={status}
      open={current.open}
      onToggle={(event) => {
        const open = event.currentTarget.open;
        if (open !== current.open) setShown({ status, open });
        onToggle?.(event);
      }}
    >
      <summary className="tt-reasoning-header" data-slot="reasoning-header">
        {REASONING_STATUS_LABELS[status]}
      </summary>
      <div className="tt-reasoning-body" data-slot="reasoning-body">
        {reasoning.value}
      </div>
    </details>
  );
}
