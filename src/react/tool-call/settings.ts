import { createContext, useContext, type ReactNode } from 'react';
import type { ToolCardLabelOverrides } from '../../card/index.js';

/**
 * A code highlighter for the card's values: gets a block's text and a language (`json` for
 * JSON; for text guessed from the content, a file path or the field, `text` when unknown) and
 * returns what to put inside its `<code>` — e.g. Shiki's or Prism's output as React nodes.
 * Return `undefined` (or `null`) to leave that block as plain text. It runs on every render of a
 * block whose text changed (a streaming input's on each delta), on at most `HUGE_CHARS`
 * characters: keep it fast, or memoize it.
 */
export type ToolCallHighlighter = (code: string, language: string) => ReactNode;

/** Card settings every `<ToolCall>` below reads (a `<ToolCall>`'s own props win). */
export interface ToolCallSettings {
  /** Any of the card's strings, over the English defaults (state labels, Input / Output / Error, Approve / Deny, Copy…). */
  labels?: ToolCardLabelOverrides | undefined;
  /** Highlighter for code and JSON values; plain escaped text when absent. */
  highlight?: ToolCallHighlighter | undefined;
  /**
   * The transcript is still streaming: a call in `input-available` is running ("Running").
   * Otherwise it is a past call whose result is not shown ("Called"). Default `false`.
   */
  live?: boolean | undefined;
  /**
   * Whether something runs the calls written in the text (default `true`). `<ToolTranscript>`
   * sets it to whether `onToolOutput` is given. When `false`, a live `input-available` call parsed
   * from text shows "Called" with a still icon — it is on record, nothing in view runs it (a
   * display-only route) — while a native tool part (`syntax: 'native'`, which the AI SDK
   * executes) still shows "Running".
   */
  textCallsRun?: boolean | undefined;
}

const NO_SETTINGS: ToolCallSettings = {};

/**
 * Provides {@link ToolCallSettings} to every card below: `<ToolTranscript>` sets `live` (and the
 * labels and highlighter it is given); provide it yourself around cards you render elsewhere.
 */
export const ToolCallSettingsContext = createContext<ToolCallSettings>(NO_SETTINGS);

/** The settings of the enclosing provider (none outside one). */
export function useToolCallSettings(): ToolCallSettings {
  return useContext(ToolCallSettingsContext);
}
