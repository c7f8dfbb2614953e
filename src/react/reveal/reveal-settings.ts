/** Settings of the smooth reveal of streamed text (`reveal={{ … }}` on `<ToolTranscript>`). */
export interface RevealOptions {
  /** The steady rate, in characters per second, when the text is not far ahead. Default 400. */
  charactersPerSecond?: number;
  /**
   * The most the revealed text trails the stream, in milliseconds: every delta is fully shown
   * within this time of its arrival (the reveal speeds up as needed). Default 400.
   */
  maxLagMs?: number;
  /** A caret at the end of the text while it streams or is being revealed. Default `true`. */
  caret?: boolean;
}

/** `reveal` on `<ToolTranscript>`: `true` for the defaults, or settings. */
export type RevealOption = boolean | RevealOptions;

/** Every setting of the reveal, defaults filled in. */
export type RevealSettings = Required<RevealOptions>;

export const DEFAULT_REVEAL: RevealSettings = { charactersPerSecond: 400, maxLagMs: 400, caret: true };

/** The settings for a `reveal` prop, or `undefined` when the reveal is off. Bad numbers fall back to the defaults. */
export function resolveReveal(option: RevealOption | undefined): RevealSettings | undefined {
  if (!option) return undefined;
  if (option === true) return DEFAULT_REVEAL;
  return {
    charactersPerSecond: positive(option.charactersPerSecond, DEFAULT_REVEAL.charactersPerSecond),
    maxLagMs: positive(option.maxLagMs, DEFAULT_REVEAL.maxLagMs),
    caret: option.caret ?? true,
  };
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
