import type { Position, TagReader } from './tag.js';

/**
 * How a `<tool>` block's error messages name places and elements: positions as `line L, column C`
 * (counted from the opener's `<`), elements as they were opened, text as a short quote.
 */

export function where(at: Position): string {
  return `line ${at.line}, column ${at.column}`;
}

export function describeOpen(tag: TagReader): string {
  const name = tag.attr('name');
  return name === undefined || tag.lower.includes(':') ? `<${tag.name}>` : `<${tag.name} name=${JSON.stringify(name)}>`;
}

/** A short quote of some text for an error message. */
export function excerpt(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
