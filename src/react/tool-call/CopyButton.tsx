import { useEffect, useState, type ComponentProps } from 'react';
import { useToolCallLabels } from './card-context.js';
import { cx } from '../class-names.js';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps extends Omit<ComponentProps<'button'>, 'onClick' | 'children'> {
  /** The text to copy, or a function that makes it when the button is pressed (for text too big to make on every render). */
  text: string | (() => string);
  /** Accessible name, e.g. "Copy input". */
  label: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` with `navigator.clipboard` when there is one (secure
 * contexts); says "Copy failed" instead of throwing when there is not. Its
 * words are the enclosing card's `labels` (copy, copied, copyFailed).
 */
export function CopyButton({ text, label, className, ...rest }: CopyButtonProps) {
  const labels = useToolCallLabels();
  const SHOWN: Record<CopyState, string> = { idle: labels.copy, copied: labels.copied, failed: labels.copyFailed };
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (typeof clipboard?.writeText !== 'function') return setState('failed');
    clipboard.writeText(typeof text === 'function' ? text() : text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button
      type="button"
      className={cx('tt-tool-copy', className)}
      data-slot="tool-call-copy"
      data-copy-state={state}
      aria-label={state === 'idle' ? label : `${label}: ${SHOWN[state]}`}
      onClick={copy}
      {...rest}
    >
      {SHOWN[state]}
    </button>
  );
}
