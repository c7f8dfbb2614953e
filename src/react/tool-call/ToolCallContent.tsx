import { useEffect, type ComponentProps, type ReactElement } from 'react';
import { useCard } from './card-context.js';
import { cx } from '../class-names.js';

/** Props of {@link ToolCallContent}: a `<div>`'s. */
export type ToolCallContentProps = ComponentProps<'div'>;

/**
 * The body, with the default card's flag: `registered` when the card has counted its body up
 * front (so server markup has `aria-controls`). Not in the public props: only the card sets it.
 */
function ToolCallContent({ className, registered = false, ...rest }: ToolCallContentProps & { registered?: boolean }) {
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

/**
 * The body the header opens and closes: `hidden` while the card is closed (its
 * content stays in the page, so find-in-page and tests still see it).
 */
const PublicToolCallContent: (props: ToolCallContentProps) => ReactElement = ToolCallContent;

// One function under two types: the public one, and the default card's (`ToolCallBody`).
export { PublicToolCallContent as ToolCallContent, ToolCallContent as ToolCallBody };
