import type { BlockReader, OpenerAccept, OpenerReader, ToolSyntax, WorkMeter } from '../types.js';
import { SpanLookahead, SpanState } from './code-spans.js';
import { LINE_START, MarkdownTracker } from './markdown.js';
import { reasoningSyntax, startedReasoning } from './reasoning.js';
import { TextBuffer } from './text-buffer.js';
import { createWorkMeter } from './work-meter.js';

/** A tool block being read: its syntax, its reader and its source text so far. */
export interface ActiveBlock {
  readonly syntax: ToolSyntax;
  readonly reader: BlockReader;
  /** Source text of the block read so far, markers included. */
  readonly raw: string;
}

/** The block being read: its source text kept in a {@link TextBuffer} (one-unit deltas are cheap). */
class OpenBlock implements ActiveBlock {
  readonly source: TextBuffer;

  /** A tool fence (its opener a backtick or tilde run): a block of its own to markdown, not paragraph text. */
  readonly fenced: boolean;

  constructor(
    readonly syntax: ToolSyntax,
    readonly reader: BlockReader,
    opener: string,
  ) {
    this.source = new TextBuffer(opener);
    this.fenced = opener[0] === '`' || opener[0] === '~';
  }

  get raw(): string {
    return this.source.toString();
  }
}

/** How the scanner reads reasoning blocks (the `TranscriptOptions` of the same names). */
export interface ScannerOptions {
  /** Read `<think>…</think>` and the other reasoning tags (see `REASONING_TAGS`) as reasoning blocks. Default `true`. */
  reasoning?: boolean;
  /** The text starts inside a reasoning block closed by `</think>`. Default `false`. */
  reasoningStartsOpen?: boolean;
}

/** Receives what the scanner finds, in source order. */
export interface ScannerSink {
  /** Text that can no longer be part of a block. */
  text(value: string): void;
  /** A block's opener was accepted. */
  open(block: ActiveBlock): void;
  /** A block ended: at its closer (`closed`) or at the end of input. */
  close(block: ActiveBlock, closed: boolean): void;
}

const enum Mode {
  /** Ordinary text: looking for triggers. */
  Text,
  /** Reading a candidate opener; its units are held back. */
  Opener,
  /** Inside a block: its reader consumes the units. */
  Block,
  /**
   * An opener was accepted after a backtick run that may open a code span:
   * the block is real only if the paragraph ends before a run closes a span
   * around it. Held back until that is known, read by a look ahead.
   */
  Speculate,
}

interface Candidate {
  syntax: ToolSyntax;
  reader: OpenerReader;
}

interface Source {
  text: string;
  pos: number;
}

/**
 * The one incremental scanner behind every path (whole parse, stream, remark).
 * It walks the text once, forward, holds back only a candidate opener (or, after
 * a backtick run that may open a code span, an accepted block until a look
 * ahead decides — at most once per paragraph when the block is real), and
 * hands blocks to their syntax's reader.
 */
export class Scanner {
  private readonly md = new MarkdownTracker();
  private readonly atLineStart = new Map<string, ToolSyntax[]>();
  private readonly midLine = new Map<string, ToolSyntax[]>();
  private readonly sources: Source[] = [];
  /** The source of `write`, reused: the stack is always empty when `write` is called. */
  private readonly input: Source = { text: '', pos: 0 };
  private mode = Mode.Text;

  private candidates: Candidate[] = [];
  private rejectAt = 0;
  /** The held units (an opener being read, or a block held while speculating): sliced from the sources, not added unit by unit. */
  private readonly held = new TextBuffer();

  private block: OpenBlock | undefined;

  /** The opener being read began at a line start. */
  private openerAtLineStart = false;
  /** While speculating: a copy of the markdown tracker reading ahead, and what it found. */
  private ahead: MarkdownTracker | undefined;
  private lookahead: SpanLookahead | undefined;
  /** `reasoningStartsOpen`: the block to open at the first unit written. */
  private startsOpen: boolean;

  /**
   * @param work The parser's meter: the scanner adds the units it visits (`scanned`, once per
   * run of units, not per unit) and hands the meter to every opener it starts. Default: a
   * meter of its own, which no one reads (the CLI's scanner).
   */
  constructor(
    syntaxes: readonly ToolSyntax[],
    private readonly sink: ScannerSink,
    private readonly work: WorkMeter = createWorkMeter(),
    options: ScannerOptions = {},
  ) {
    const reasoning = options.reasoning !== false;
    this.startsOpen = reasoning && options.reasoningStartsOpen === true;
    for (const syntax of reasoning ? [...syntaxes, reasoningSyntax] : syntaxes) {
      for (const unit of syntax.triggers) {
        addTo(this.atLineStart, unit, syntax);
        if (syntax.placement === 'inline') addTo(this.midLine, unit, syntax);
      }
    }
  }

  /** Feeds the next piece of text. */
  write(text: string): void {
    if (text.length === 0) return;
    if (this.startsOpen) {
      this.startsOpen = false;
      this.block = new OpenBlock(reasoningSyntax, startedReasoning(), '');
      this.mode = Mode.Block;
      this.sink.open(this.block);
    }
    const input = this.input;
    input.text = text;
    input.pos = 0;
    // The usual delta is text with no trigger, or a block's source: read without the source
    // stack (empty between writes). Where a trigger or a closer stops the read, the stack takes
    // over from there.
    const mode = this.mode;
    if (mode === Mode.Text || mode === Mode.Block) {
      if (mode === Mode.Text) this.scanText(input);
      else this.scanBlock(input);
      if (input.pos === text.length) {
        input.text = '';
        return;
      }
    }
    this.sources.push(input);
    this.pump();
    input.text = '';
  }

  /** The input is complete: settles what was held and ends an open block. */
  end(): void {
    for (;;) {
      this.pump();
      if (this.mode === Mode.Opener) this.endOpener();
      else if (this.mode === Mode.Speculate) this.endSpeculation();
      else break;
    }
    if (this.mode === Mode.Block && this.block) this.closeBlock(this.block.reader.endOfInput());
  }

  private pump(): void {
    const sources = this.sources;
    while (sources.length > 0) {
      const source = sources[sources.length - 1]!;
      if (source.pos >= source.text.length) {
        sources.pop();
        continue;
      }
      switch (this.mode) {
        case Mode.Text:
          this.scanText(source);
          break;
        case Mode.Opener:
          this.scanOpener(source);
          break;
        case Mode.Block:
          this.scanBlock(source);
          break;
        case Mode.Speculate:
          this.scanSpeculation(source);
          break;
      }
    }
  }

  /** Text mode: emit text up to the next trigger. */
  private scanText(source: Source): void {
    const { text } = source;
    const md = this.md;
    const start = source.pos;
    let i = start;
    for (; i < text.length; i++) {
      const unit = text[i]!;
      const where = md.classify(unit);
      if (where !== 0) {
        const syntaxes = (where & LINE_START ? this.atLineStart : this.midLine).get(unit);
        if (syntaxes !== undefined) {
          this.work.scanned += i - start;
          if (i > start) this.sink.text(text.slice(start, i));
          source.pos = i;
          this.openerAtLineStart = (where & LINE_START) !== 0;
          this.beginOpener(syntaxes);
          return;
        }
      }
      md.feed(unit);
    }
    this.work.scanned += i - start;
    if (i > start) this.sink.text(text.slice(start, i));
    source.pos = i;
  }

  private beginOpener(syntaxes: readonly ToolSyntax[]): void {
    this.candidates = syntaxes.map((syntax) => ({ syntax, reader: syntax.startOpener(this.work) }));
    this.rejectAt = Number.POSITIVE_INFINITY;
    this.held.take();
    this.mode = Mode.Opener;
  }

  /** Opener mode: every live candidate reads the unit; the first to accept wins. */
  private scanOpener(source: Source): void {
    const { text } = source;
    const from = source.pos;
    for (let i = from; i < text.length; i++) {
      const unit = text[i]!;
      const candidates = this.candidates;
      let live = 0;
      for (let c = 0; c < candidates.length; c++) {
        const candidate = candidates[c]!;
        const verdict = candidate.reader.push(unit);
        if (verdict === undefined) {
          candidates[live++] = candidate;
        } else if (typeof verdict === 'number') {
          this.rejectAt = Math.min(this.rejectAt, verdict);
        } else {
          this.holdUpTo(source, i + 1);
          this.accept(candidate.syntax, verdict);
          return;
        }
      }
      candidates.length = live;
      if (live === 0) {
        this.holdUpTo(source, i + 1);
        this.reject();
        return;
      }
    }
    this.holdUpTo(source, text.length);
  }

  /** Holds the source's units from its position up to `end`, which the scanner has visited, and moves past them. */
  private holdUpTo(source: Source, end: number): void {
    const from = source.pos;
    this.work.scanned += end - from;
    this.held.append(from === 0 && end === source.text.length ? source.text : source.text.slice(from, end));
    source.pos = end;
  }

  /** End of input while reading an opener: each candidate accepts or rejects. */
  private endOpener(): void {
    for (const candidate of this.candidates) {
      const verdict = candidate.reader.end();
      if (verdict !== undefined && typeof verdict === 'object') {
        this.accept(candidate.syntax, verdict);
        return;
      }
      this.rejectAt = Math.min(this.rejectAt, typeof verdict === 'number' ? verdict : 1);
    }
    this.reject();
  }

  /** No candidate matched: the held units before the restart point are text, the rest is scanned again. */
  private reject(): void {
    const held = this.held.take();
    const restart = Math.max(1, Math.min(this.rejectAt, held.length));
    this.candidates = [];
    this.mode = Mode.Text;
    this.plainText(held.slice(0, restart));
    if (restart < held.length) this.sources.push({ text: held.slice(restart), pos: 0 });
  }

  /** Text that may hold no trigger (a rejected opener's start): tracked and emitted. */
  private plainText(text: string): void {
    const md = this.md;
    for (let i = 0; i < text.length; i++) {
      const unit = text[i]!;
      md.classify(unit);
      md.feed(unit);
    }
    this.work.scanned += text.length;
    this.sink.text(text);
  }

  private accept(syntax: ToolSyntax, accept: OpenerAccept): void {
    this.candidates = [];
    if (this.md.spanState() === SpanState.Unknown && !this.opensFence()) {
      this.speculate();
      return;
    }
    const block = new OpenBlock(syntax, accept.block, this.held.take());
    this.block = block;
    this.mode = Mode.Block;
    this.sink.open(block);
    if (accept.complete) this.closeBlock(true);
  }

  /** The held opener is a fence line (a run at a line start): it ends any paragraph, so no code span holds it. */
  private opensFence(): boolean {
    if (!this.openerAtLineStart) return false;
    const first = this.held.toString()[0];
    return first === '`' || first === '~';
  }

  private scanBlock(source: Source): void {
    const block = this.block!;
    const { text } = source;
    const from = source.pos;
    const end = block.reader.read(text, from, text.length);
    if (end < 0) {
      this.work.scanned += text.length - from;
      block.source.append(from === 0 ? text : text.slice(from));
      source.pos = text.length;
      return;
    }
    this.work.scanned += end - from;
    block.source.append(text.slice(from, end));
    source.pos = end;
    this.closeBlock(true);
  }

  private closeBlock(closed: boolean): void {
    const block = this.block!;
    this.block = undefined;
    this.mode = Mode.Text;
    const last = block.source.last;
    this.md.afterBlock(last === '\n' || last === '\r', block.source.length, !block.fenced);
    this.sink.close(block, closed);
  }

  /**
   * Speculation: a copy of the markdown tracker reads on from the opener, as
   * if it were text, until a backtick run closes a code span standing at the
   * opener (the block was code) or the paragraph ends (the block is real).
   * Each unit is read ahead once: when the block is real, what the look ahead
   * learnt about the rest of the paragraph decides later openers in it
   * without reading ahead again (see {@link CodeSpans.learn}).
   */
  private speculate(): void {
    this.lookahead = new SpanLookahead(this.md.codeSpans, this.md.offset, this.md.onFenceInfo());
    this.ahead = this.md.fork(this.lookahead);
    this.mode = Mode.Speculate;
    const opener = this.held.take();
    this.sources.push({ text: opener, pos: 0 });
  }

  private scanSpeculation(source: Source): void {
    const { text } = source;
    const ahead = this.ahead!;
    const lookahead = this.lookahead!;
    const from = source.pos;
    for (let i = from; i < text.length; i++) {
      const unit = text[i]!;
      ahead.classify(unit);
      if (lookahead.decision === SpanState.Code) {
        // The closing run's first unit was visited, but it is text after the span: not held.
        this.work.scanned++;
        this.holdUpTo(source, i);
        this.resolveAsCode();
        return;
      }
      ahead.feed(unit);
      if (lookahead.decision === SpanState.Text) {
        this.holdUpTo(source, i + 1);
        this.resolveAsBlock();
        return;
      }
    }
    this.holdUpTo(source, text.length);
  }

  /** End of input while speculating: a closing run just read decides for code, else the block is real. */
  private endSpeculation(): void {
    this.ahead!.endOfInput();
    if (this.lookahead!.decision === SpanState.Code) this.resolveAsCode();
    else this.resolveAsBlock();
  }

  /** The marker sat inside a code span: everything held up to the closing run is text. */
  private resolveAsCode(): void {
    const held = this.held.take();
    this.ahead = undefined;
    this.lookahead = undefined;
    this.mode = Mode.Text;
    this.plainText(held);
  }

  /** The paragraph ended with no span around the opener: the block is real; the held text is read again. */
  private resolveAsBlock(): void {
    const held = this.held.take();
    const lookahead = this.lookahead!;
    this.md.codeSpans.learn(lookahead.lastRun, lookahead.end);
    if (lookahead.refusedFence) this.md.refuseFence();
    this.ahead = undefined;
    this.lookahead = undefined;
    this.mode = Mode.Text;
    this.sources.push({ text: held, pos: 0 });
  }
}

function addTo(map: Map<string, ToolSyntax[]>, unit: string, syntax: ToolSyntax): void {
  const list = map.get(unit);
  if (list) {
    if (!list.includes(syntax)) list.push(syntax);
  } else map.set(unit, [syntax]);
}
