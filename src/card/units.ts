/**
 * Cutting text by UTF-16 units without splitting a surrogate pair (half an emoji shows as �):
 * the card's previews, its summary and the React reveal all cut this way.
 */

/** Whether `code` is the first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The first `end` units of `text`, one fewer when the last of them begins a pair. */
export function sliceWhole(text: string, end: number): string {
  return text.slice(0, isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end);
}
