import { createContext, useContext } from 'react';
import { resolveToolCardLabels, type ToolCardLabels, type ToolCardModel } from '../../card/index.js';
import type { ToolChunk } from '../../types.js';
import { useToolCallSettings, type ToolCallHighlighter } from './settings.js';

/*
 * What the parts of one <ToolCall> share, in its own module: the parts (ToolCall.tsx and the
 * ToolCall* modules beside it) and the pieces they use (CopyButton, value-blocks) all import it,
 * and none of them imports ToolCall.tsx.
 */

/** What the parts of a card share. */
export interface ToolCallCardContext {
  tool: ToolChunk;
  model: ToolCardModel;
  labels: ToolCardLabels;
  highlight: ToolCallHighlighter | undefined;
  /** Whether the body is shown. */
  open: boolean;
  /** Opens or closes the body (no-op while the card is held open, unless `open` is controlled). */
  setOpen: (open: boolean) => void;
  /** Whether the header can toggle the body: not while streaming or asking for approval (unless `open` is controlled). */
  toggleable: boolean;
  /** The body's id (for the header's `aria-controls`), when a body is rendered. */
  contentId: string | undefined;
  /** A `ToolCallContent` calls this while mounted (returns its cleanup). */
  registerContent: () => () => void;
  /** `data-state` of the parts: `open` or `closed`. */
  dataState: 'open' | 'closed';
}

export const ToolCallContext = createContext<ToolCallCardContext | null>(null);

/** The enclosing card; throws outside a `<ToolCall>`. */
export function useCard(): ToolCallCardContext {
  const card = useContext(ToolCallContext);
  if (!card) throw new Error('tool-transcript: ToolCall parts must be rendered inside <ToolCall>.');
  return card;
}

/** The tool of the enclosing `<ToolCall>`; throws outside one. */
export function useToolCall(): ToolChunk {
  return useCard().tool;
}

/** Everything the enclosing `<ToolCall>` knows: tool, model, labels, open state; throws outside one. */
export function useToolCallCard(): ToolCallCardContext {
  return useCard();
}

/** The enclosing card's labels, else the settings' labels, else English. */
export function useToolCallLabels(): ToolCardLabels {
  const card = useContext(ToolCallContext);
  const settings = useToolCallSettings();
  return card?.labels ?? resolveToolCardLabels(settings.labels);
}
