import type { PiecedText } from './value-text.js';
import type { Collector } from './collector.js';
import type { OpenTag } from './tokenizer.js';
import type { ValueText } from './value-text.js';

/** The elements open in a `<tool>` block, as an {@link ArgumentTree} keeps them on its stack. */

/** `<arguments>`: a container of args. */
interface ArgumentsFrame {
  kind: 'arguments';
  tag: OpenTag;
}

/**
 * `<arg name="k">`, `<param name="k">`, `<param:k>`, or an `<item>` of an
 * array: a value written raw up to its close tag — unless its first child is
 * an `<arg>` or `<item>`, which makes it a {@link ContainerFrame}.
 */
export interface ValueFrame {
  kind: 'value';
  tag: OpenTag;
  /** `undefined` for an `<item>`, or an `<arg>` without a name (already reported). */
  key: string | undefined;
  /** An `<item>`: its value is the next item of the enclosing array. */
  item: boolean;
  closeName: string;
  /** `type="json"`: the text is a JSON value. */
  json: boolean;
  value: ValueText;
  /** Only blanks so far: a child `<arg>` or `<item>` would make it a container. */
  blank: boolean;
  /** Between content markers: the verbatim text so far (in pieces split at each `_`). */
  verbatim: PiecedText | undefined;
  /** Past the end content marker: its text (only blanks may follow). */
  markerEnd: string | undefined;
}

/** An `<arg>` (or `<item>`) holding `<arg name>` children (an object) or `<item>` children (an array). */
export interface ContainerFrame {
  kind: 'container';
  tag: OpenTag;
  key: string | undefined;
  item: boolean;
  closeName: string;
  object: Collector | undefined;
  array: unknown[] | undefined;
}

/** A legacy child `<k>…</k>`: text, or child elements (an object). */
export interface ElementFrame {
  kind: 'element';
  tag: OpenTag;
  text: ValueText;
  children: Collector | undefined;
  /** Non-blank text was seen (with children, the content is kept as written). */
  hasText: boolean;
}

export type Frame = ArgumentsFrame | ValueFrame | ContainerFrame | ElementFrame;
