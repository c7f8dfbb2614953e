import type {
  BlockIdentity,
  BlockReader,
  FormatCall,
  OpenerReader,
  OpenerVerdict,
  ParsedCall,
  SyntaxDescription,
  ToolDefinition,
  ToolSyntax,
  WorkMeter,
} from '../../types.js';
import { TextBuffer } from '../../scanner/text-buffer.js';
import { growthPoint } from '../shared/read-points.js';
import { asciiLower, closeAt, type EndReader, type EndReaderFactory } from './ends.js';

/** One way a block of a {@link MarkedSyntaxSpec} opens. */
export interface MarkedOpener {
  /** The literal that opens the block (`<tool_call>`, `[TOOL_CALLS]`, `<｜tool▁calls▁begin｜>`). */
  readonly marker: string;
  /** Match the marker in any ASCII case. */
  readonly ignoreCase?: boolean;
  /**
   * Decides on the units after the marker (`after`, growing by one unit per call): `true`
   * opens the block, `false` leaves the marker as text, `undefined` reads on. After
   * {@link lookahead} units without an answer the marker is text. The units read belong to
   * the body. Default: the block opens at the marker. `true` must come no later than the
   * last unit of a closer that `after` holds.
   */
  readonly follows?: (after: string) => boolean | undefined;
  /** The most units {@link follows} may read. Default 64. */
  readonly lookahead?: number;
  /**
   * Where the body ends: a closing marker (or several, the first found ends the block; ASCII
   * case ignored when the opener's is), or an {@link EndReaderFactory} of the kit's
   * ({@link jsonValueEnd}) or your own. Without it the block runs to the end of the input.
   */
  readonly close?: string | readonly string[] | EndReaderFactory;
}

/** A block as handed to {@link MarkedSyntaxSpec.read}. */
export interface MarkedBlock {
  /** The opener that matched, and its index in {@link MarkedSyntaxSpec.openers}. */
  readonly opener: MarkedOpener;
  readonly openerIndex: number;
  /** The marker as written (its case may differ from `opener.marker`). */
  readonly marker: string;
  /** The text between the marker and the closer (the closer excluded; for a `close`-less or JSON-ended opener, all of it). */
  readonly body: string;
  /** The closer as written (`''` when the block ended without one). */
  readonly closer: string;
  /** Whether the block was closed; `false` for a block still streaming or cut off by the end of input. */
  readonly closed: boolean;
  /**
   * The block is still streaming: read what is there as far as it goes, and report no
   * problems (a value not yet complete is not an error yet).
   */
  readonly partial: boolean;
  /** The parser's work meter, for work done beyond reading the body once (JSON parses: `parseJson(text, work)`). */
  readonly work: WorkMeter | undefined;
}

/**
 * A tool-call format described over the kit: its openers, how a body becomes calls, how a call
 * is written back and how tools are taught. {@link defineMarkedSyntax} makes the
 * {@link ToolSyntax} — the incremental opener, the body buffered across deltas, the closer
 * found at any split, partial input while streaming — so the result never depends on how the
 * text was split.
 */
export interface MarkedSyntaxSpec {
  /** Name reported in `ToolChunk.syntax`. */
  readonly name: string;
  readonly openers: readonly MarkedOpener[];
  /** `inline` (default): anywhere outside code; `line-start`: at a line start only. */
  readonly placement?: 'inline' | 'line-start';
  /**
   * The calls a body holds (at least one; an empty list makes the block an error saying it
   * holds no call). Must be linear in the body's length; a call that is recognised but
   * malformed is `{ invalid: true, errorText }`. A throw is caught and becomes such an error.
   */
  read(block: MarkedBlock): ParsedCall[];
  /**
   * The first call's name (and id), read from the start of the body while it streams, so the
   * card can name the tool before the block closes. Return it only once it can no longer
   * change. Asked after each delta while the body is shorter than 512 units.
   */
  identity?(body: string, opener: MarkedOpener): BlockIdentity | undefined;
  format(call: FormatCall): string;
  readonly describe?: SyntaxDescription;
  mapInput?(input: unknown, tool: ToolDefinition): unknown;
}

/** The body is read for the identity only this far. */
const IDENTITY_WINDOW = 512;
/** The partial calls are read again on every growth below this many units, then on each eighth of growth. */
const SMALL_BODY = 512;

/** The {@link ToolSyntax} a {@link MarkedSyntaxSpec} describes. */
export function defineMarkedSyntax(spec: MarkedSyntaxSpec): ToolSyntax {
  if (spec.openers.length === 0) throw new Error(`tool-transcript kit: syntax ${spec.name} needs at least one opener`);
  const openers = spec.openers.map((opener) => {
    if (opener.marker === '') throw new Error(`tool-transcript kit: syntax ${spec.name} has an empty opener marker`);
    return { opener, marker: opener.ignoreCase ? asciiLower(opener.marker) : opener.marker, end: endFactory(opener) };
  });
  let triggers = '';
  for (const { opener } of openers) {
    const first = opener.marker[0]!;
    for (const unit of opener.ignoreCase ? [first.toLowerCase(), first.toUpperCase()] : [first]) if (!triggers.includes(unit)) triggers += unit;
  }
  const syntax: ToolSyntax = {
    name: spec.name,
    triggers,
    placement: spec.placement ?? 'inline',
    startOpener: (work) => new MarkedOpenerReader(spec, openers, work),
    format: spec.format,
  };
  if (spec.describe) (syntax as { describe?: SyntaxDescription }).describe = spec.describe;
  if (spec.mapInput) syntax.mapInput = spec.mapInput.bind(spec);
  return syntax;
}

interface CompiledOpener {
  readonly opener: MarkedOpener;
  /** The marker, lowered when case is ignored. */
  readonly marker: string;
  readonly end: EndReaderFactory | undefined;
}

function endFactory(opener: MarkedOpener): EndReaderFactory | undefined {
  const close = opener.close;
  if (close === undefined || typeof close === 'function') return close;
  return closeAt(close, { ignoreCase: opener.ignoreCase === true });
}

/** An opener whose marker matched whole: the units after it, for its `follows` to decide on. */
interface Branch {
  readonly index: number;
  after: string;
}

/** Up to this many openers are read side by side as the bits of one number; more (a tool-name syntax for many tools) as a flag array. */
const BITS = 30;

/**
 * Reads the openers of a marked syntax side by side, one unit at a time. While markers are being
 * matched every live one has matched the same units, so they are a bit set and a position (the
 * usual candidate — a `<` in prose — is refused at its second unit without an allocation); an
 * opener whose marker matched whole becomes a branch that lets its `follows` decide. The first
 * to open wins. A refused candidate is rescanned from its second unit when it failed inside a
 * marker, else from the end of the shortest marker that matched (its units cannot start another
 * block): at most the lookahead is read twice.
 */
class MarkedOpenerReader implements OpenerReader {
  /** Openers whose marker is still being matched: a bit each (up to {@link BITS} openers)… */
  private matching: number;
  /** …or a flag each, with their count, past that. */
  private readonly wide: Uint8Array | undefined;
  /** Units read so far. */
  private held = '';
  private branches: Branch[] | undefined;
  private rejectAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly spec: MarkedSyntaxSpec,
    private readonly openers: readonly CompiledOpener[],
    private readonly work: WorkMeter | undefined,
  ) {
    if (openers.length <= BITS) this.matching = (1 << openers.length) - 1;
    else {
      this.wide = new Uint8Array(openers.length).fill(1);
      this.matching = openers.length;
    }
  }

  push(unit: string): OpenerVerdict {
    const position = this.held.length;
    this.held += unit;
    const branches = this.branches;
    if (branches !== undefined) {
      let live = 0;
      for (const branch of branches) {
        const verdict = this.decide(branch, unit);
        if (verdict === true) return this.open(branch.index, branch.after);
        if (verdict === undefined) branches[live++] = branch;
      }
      branches.length = live;
    }
    let matching = this.matching;
    if (matching !== 0) {
      let lower: string | undefined;
      const openers = this.openers;
      const wide = this.wide;
      for (let index = 0; index < openers.length; index++) {
        if (wide === undefined ? (matching & (1 << index)) === 0 : wide[index] === 0) continue;
        const { opener, marker } = openers[index]!;
        const got = opener.ignoreCase ? (lower ??= asciiLower(unit)) : unit;
        const whole = position + 1 === marker.length;
        if (got !== marker[position] || whole) {
          // Out of the marker phase: failed, or matched whole (then its `follows` decides).
          if (wide === undefined) matching &= ~(1 << index);
          else {
            wide[index] = 0;
            matching--;
          }
          if (got !== marker[position]) this.rejectAt = 1;
          else if (opener.follows === undefined) return this.open(index, '');
          else (this.branches ??= []).push({ index, after: '' });
        }
      }
      this.matching = matching;
    }
    return matching === 0 && (this.branches === undefined || this.branches.length === 0) ? this.rejection() : undefined;
  }

  end(): OpenerVerdict {
    // Cut off right after a marker whose `follows` would have to decide on nothing: text.
    for (const branch of this.branches ?? []) this.refused(branch);
    return this.rejection();
  }

  /** `true`: open; `false`: this branch is out; `undefined`: read on. */
  private decide(branch: Branch, unit: string): boolean | undefined {
    const { opener } = this.openers[branch.index]!;
    branch.after += unit;
    const verdict = opener.follows!(branch.after);
    if (verdict === undefined && branch.after.length >= (opener.lookahead ?? 64)) return this.refused(branch);
    return verdict === false ? this.refused(branch) : verdict;
  }

  private refused(branch: Branch): false {
    this.rejectAt = Math.min(this.rejectAt, this.openers[branch.index]!.marker.length);
    return false;
  }

  private rejection(): number {
    return Number.isFinite(this.rejectAt) ? this.rejectAt : 1;
  }

  private open(index: number, after: string): OpenerVerdict {
    const compiled = this.openers[index]!;
    const marker = this.held.slice(0, this.held.length - after.length);
    const block = new MarkedBlockReader(this.spec, compiled, index, marker, this.work);
    if (after === '') return { block };
    const end = block.read(after, 0, after.length);
    // The units after the marker are the opener's text (the stream sends the opener first).
    block.takeInputDelta();
    return end >= 0 ? { block, complete: true } : { block };
  }
}

/** The body of a marked block: buffered across deltas, its end found by the opener's end reader. */
class MarkedBlockReader implements BlockReader {
  /** Every unit read after the marker, the closer included. */
  private readonly units = new TextBuffer();
  /** Units read but not yet taken as an input delta. */
  private pending = '';
  private readonly end: EndReader | undefined;
  private ended = false;
  private identityRead: BlockIdentity | undefined;
  private identityWindow = '';
  /** The body length the partial calls were last read at (see {@link growthPoint}). */
  private readAt = -1;
  private lastPartial: ParsedCall[] = [{ input: {} }];

  constructor(
    private readonly spec: MarkedSyntaxSpec,
    private readonly compiled: CompiledOpener,
    private readonly openerIndex: number,
    private readonly marker: string,
    private readonly work: WorkMeter | undefined,
  ) {
    this.end = compiled.end?.();
  }

  read(text: string, from: number, to: number): number {
    const found = this.end === undefined ? -1 : this.end.read(text, from, to);
    const stop = found < 0 ? to : found;
    if (stop > from) {
      const piece = text.slice(from, stop);
      this.units.append(piece);
      this.pending += piece;
      this.watchIdentity(piece);
    }
    if (found >= 0) this.ended = true;
    return found;
  }

  endOfInput(): boolean {
    const complete = this.end?.endOfInput?.() === true;
    if (complete) this.ended = true;
    return complete;
  }

  identity(): BlockIdentity | undefined {
    return this.identityRead;
  }

  takeInputDelta(): string {
    // Units that are (or may begin) the closer are not body: held back until they are known.
    const held = Math.min(this.end?.held ?? 0, this.pending.length);
    const delta = this.pending.slice(0, this.pending.length - held);
    this.pending = this.ended ? '' : this.pending.slice(this.pending.length - held);
    return delta;
  }

  partial(): ParsedCall[] {
    // The body known not to be the closer, read at points fixed by its length: a whole parse and
    // any split read the same text (every growth below SMALL_BODY, past it every eighth).
    const confirmed = this.units.length - Math.min(this.end?.held ?? 0, this.units.length);
    const at = growthPoint(confirmed, SMALL_BODY, 0.125);
    if (at > this.readAt) {
      this.readAt = at;
      const calls = this.readCalls(false, true, at);
      if (calls.length > 0) this.lastPartial = calls;
    }
    return this.lastPartial;
  }

  finish(closed: boolean): ParsedCall[] {
    const calls = this.readCalls(closed, false);
    if (calls.length === 0) return [{ input: {}, invalid: true, errorText: `the ${this.spec.name} block holds no tool call` }];
    return calls;
  }

  /** The calls of the body; `upTo`: of its first units only (a partial read, none of them held). */
  private readCalls(closed: boolean, partial: boolean, upTo?: number): ParsedCall[] {
    const all = this.units.toString();
    const held = upTo !== undefined ? all.length - upTo : closed || partial ? Math.min(this.end?.held ?? 0, all.length) : 0;
    const block: MarkedBlock = {
      opener: this.compiled.opener,
      openerIndex: this.openerIndex,
      marker: this.marker,
      body: all.slice(0, all.length - held),
      closer: closed ? all.slice(all.length - held) : '',
      closed,
      partial,
      work: this.work,
    };
    let calls: ParsedCall[];
    try {
      calls = this.spec.read(block);
    } catch (error) {
      if (partial) return [];
      return [{ input: {}, invalid: true, errorText: `the ${this.spec.name} block could not be read: ${(error as Error)?.message ?? String(error)}` }];
    }
    const identity = this.identityRead;
    if (identity === undefined || calls.length === 0) return calls;
    // The name the stream announced is binding for the first call.
    const [first, ...rest] = calls;
    const settled: ParsedCall = { ...first!, toolName: identity.toolName };
    if (identity.toolCallId !== undefined) settled.toolCallId = identity.toolCallId;
    return [settled, ...rest];
  }

  /** Asks the spec for the identity while the body is short enough to read again per delta. */
  private watchIdentity(piece: string): void {
    const spec = this.spec;
    if (this.identityRead !== undefined || spec.identity === undefined || this.identityWindow.length >= IDENTITY_WINDOW) return;
    this.identityWindow += piece.slice(0, IDENTITY_WINDOW - this.identityWindow.length);
    const held = this.ended ? (this.end?.held ?? 0) : 0;
    const body = held > 0 && this.identityWindow.length === this.units.length ? this.identityWindow.slice(0, -held) : this.identityWindow;
    try {
      this.identityRead = spec.identity(body, this.compiled.opener);
    } catch {
      this.identityRead = undefined;
    }
  }
}
