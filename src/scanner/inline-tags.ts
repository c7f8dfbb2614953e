/**
 * Inline HTML tags (`<a title="`">`) in paragraph and heading text, as far as
 * code spans go: CommonMark reads the leftmost construct first, so backtick
 * runs inside a tag that completes open no code span. Whether it completes is
 * known only at its `>`, so the runs met inside it are held until then: a tag
 * that completes drops them, one that fails reports them, in order.
 *
 * A line that may turn out a lone tag (an HTML block of kind 7) after a
 * paragraph, on a line that left its containers, holds its runs the same way
 * until the line decides ({@link InlineTags.lazyLine}).
 *
 * Not tracked: tags that span lines (their runs count), comments,
 * declarations and processing instructions.
 */
import type { SpanSink } from './code-spans.js';
import { readTag, Tag } from './html-block.js';

export class InlineTags {
  /** The tag begun in the text ({@link Tag.No} none). */
  tag = Tag.No;
  /** A lone-tag line (kind 7) may begin here: its runs wait for the line's end. */
  lazyLine = false;
  /** Held backtick runs: length, escaped (1/0), offset, in turn. */
  private runs: number[] = [];

  /** Runs are held now (a tag or a lone-tag line is undecided). */
  holding(): boolean {
    return this.tag !== Tag.No || this.lazyLine;
  }

  /** A `<` in text outside code spans. */
  begin(): void {
    this.tag = Tag.AfterLess;
  }

  /** Whether `unit` would make the open tag no tag (decided before the unit is classified). */
  failsAt(unit: string): boolean {
    return this.tag !== Tag.No && readTag(this.tag, unit) === Tag.No;
  }

  /** A unit of the open tag: it completes (its runs were none) or goes on. The unit that fails it was settled before ({@link failsAt}). */
  read(unit: string, spans: SpanSink): void {
    const next = readTag(this.tag, unit);
    if (next === Tag.Done) this.end(true, spans);
    else this.tag = next;
  }

  /** The tag ends: complete, its held runs are dropped; else they are reported (unless a lone-tag line still holds them). */
  end(complete: boolean, spans: SpanSink): void {
    this.tag = Tag.No;
    if (complete) this.runs.length = 0;
    else if (!this.lazyLine) this.release(spans);
  }

  /** The line holds no lone tag: its held runs were paragraph runs (unless the open tag still holds them). */
  noLazyLine(spans: SpanSink): void {
    this.lazyLine = false;
    if (this.tag === Tag.No) this.release(spans);
  }

  /** Whatever is undecided is taken as no tag: the held runs count. */
  releaseAll(spans: SpanSink): void {
    this.tag = Tag.No;
    this.lazyLine = false;
    this.release(spans);
  }

  /** A backtick run met while {@link holding}. */
  hold(length: number, escaped: boolean, start: number): void {
    this.runs.push(length, escaped ? 1 : 0, start);
  }

  /** Forgets the open tag and its held runs (a block replaced them), keeping {@link lazyLine}. */
  drop(): void {
    this.tag = Tag.No;
    this.runs.length = 0;
  }

  /** Forgets everything: no tag, no lone-tag line, no held runs. */
  clear(): void {
    this.drop();
    this.lazyLine = false;
  }

  /** A copy that goes on on its own (for a tracker's fork). */
  copy(): InlineTags {
    const copy = new InlineTags();
    copy.tag = this.tag;
    copy.lazyLine = this.lazyLine;
    copy.runs = this.runs.slice();
    return copy;
  }

  private release(spans: SpanSink): void {
    const runs = this.runs;
    for (let i = 0; i < runs.length; i += 3) spans.run(runs[i]!, runs[i + 1] === 1, runs[i + 2]!);
    runs.length = 0;
  }
}
