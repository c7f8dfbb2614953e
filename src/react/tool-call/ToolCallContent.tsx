import { useEffect, type ComponentProps } from 'react';
import { useCard } from './card-context.js';
import { cx } from '../class-names.js';

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
