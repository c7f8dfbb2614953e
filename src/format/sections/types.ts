/** A section name to register, with an optional description shown by `describeStructure()`. */
export type SectionSpec = string | { name: string; description?: string };

/** One section: its name and its content. */
export interface Section {
  name: string;
  content: string;
}

/**
 * A way of writing named sections in model text, in both directions: to
 * format input for the model (tool results, context) and to parse the
 * model's sectioned output. Created with registered names (only those are
 * sections when parsing, matched case-insensitively and returned in the
 * registered spelling) or without (any name is a section).
 */
export interface SectionFormat {
  /** `markdown` (`# name` headers) or `xml` (`<name>…</name>`). */
  readonly kind: 'markdown' | 'xml';
  /** The registered names, in registration order; empty when any name is accepted. */
  readonly names: readonly string[];
  /** One section as text. Throws for a name this format cannot write. */
  formatSection(name: string, content: string): string;
  /** Several sections as one text, in order. */
  formatSections(sections: readonly Section[]): string;
  /**
   * The sections found in `text`: for each name, the trimmed contents of its
   * sections in order of appearance (a repeated section accumulates). An
   * empty section (nothing but blanks between its header or tags and the
   * next) is left out, so only names with content are keys; text outside
   * sections is ignored. Never throws; linear in the length of `text`.
   */
  parseSections(text: string): Record<string, string[]>;
  /** Prompt text that tells a model how to write its reply in these sections. */
  describeStructure(): string;
  /** The text of a whole observation (tool results): as is for markdown, in `<observation>` for XML; `''` stays `''`. */
  wrapObservation(text: string): string;
}
