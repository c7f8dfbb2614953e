import type { BlockIdentity, BlockReader, OpenerReader, OpenerVerdict, ParsedCall, ToolSyntax } from '../types.js';

// Reasoning blocks (`<think>…</think>`, `<seed:think>…</seed:think>`) ride on the scanner's block
// machinery: a "syntax" whose opener is the tag and whose reader finds the closing tag across
// deltas without looking for markers inside. The transcript builder knows its reader
// ({@link ReasoningReader}) and makes a reasoning chunk of it instead of a tool chunk.

/** Opening and closing tags of the reasoning blocks read, as the servers' reasoning parsers know them. */
export const REASONING_TAGS: readonly (readonly [open: string, close: string])[] = [
  ['<think>', '</think>'], // DeepSeek-R1, Qwen3, GLM-4.5+, Kimi K2, MiniMax-M2, Step-3, Ernie 4.5, OLMo-3, Hunyuan…
  ['<seed:think>', '</seed:think>'], // Seed-OSS
  ['◁think▷', '◁/think▷'], // Kimi-VL / Kimi k1.5 (SGLang's KimiDetector)
];
// Magistral's `[THINK]…[/THINK]` is left out on purpose: a `[` trigger would start a candidate at
// every `[` and, beside the sentinel syntax's `[[SEG_START {…` header, make the scanner rescan it.

/**
 * Reads the body of one reasoning block: the text up to its closing tag (matched across deltas,
 * split anywhere), held back only by the last units that may begin that tag. Linear: each read
 * looks at the delta and at most a tag's length before it.
 */
export class ReasoningReader implements BlockReader {
  /** The confirmed value (text inside the tags), and how much of it was handed out as deltas. */
  private value = '';
  private pending = '';
  /** The last units read that may begin the closer: not value yet. */
  private tail = '';
  /** Units read at the start that may still be the optional opener (see `leadingOpeners`), and its leading blanks. */
  private lead: string | undefined;
  private blanks = 0;

  /**
   * @param closers The closing tags (the first one found ends the block).
   * @param leadingOpeners A block opened before the text (`reasoningStartsOpen`): one of these
   * tags, written anyway at the start (after blanks only), is part of the opener (kept in `raw`,
   * not in `value`).
   */
  constructor(
    private readonly closers: readonly string[],
    private readonly leadingOpeners?: readonly string[],
  ) {
    if (leadingOpeners !== undefined) this.lead = '';
  }

  read(text: string, from: number, to: number): number {
    let i = from;
    let carry = '';
    while (this.lead !== undefined) {
      if (i >= to) return -1;
      const unit = text[i++]!;
      const lead: string = this.lead + unit;
      if (lead.length === this.blanks + 1 && isBlank(unit)) {
        this.blanks++;
        this.lead = lead;
        continue;
      }
      const tag = lead.slice(this.blanks);
      if (this.leadingOpeners!.includes(tag)) this.lead = undefined;
      else if (this.leadingOpeners!.some((opener) => opener.startsWith(tag))) this.lead = lead;
      else {
        // Not an opener: what was held is reasoning text. Its tag part is shorter than any closer,
        // so a closer it begins ends in what follows.
        this.lead = undefined;
        carry = lead;
      }
    }
    return this.scan(carry, text, i, to);
  }

  /** Looks for a closer in `text[from..to)`, after the held tail and `carry`. */
  private scan(carry: string, text: string, from: number, to: number): number {
    const before = this.tail + carry;
    const window = before + text.slice(from, to);
    let best = -1;
    let length = 0;
    for (const closer of this.closers) {
      const at = window.indexOf(closer);
      if (at >= 0 && (best < 0 || at < best)) {
        best = at;
        length = closer.length;
      }
    }
    if (best >= 0) {
      this.confirm(window.slice(0, best));
      this.tail = '';
      return from + best + length - before.length;
    }
    const keep = this.possibleStart(window);
    this.confirm(window.slice(0, window.length - keep));
    this.tail = window.slice(window.length - keep);
    return -1;
  }

  /** The longest end of `window` that begins a closer (shorter than the closer). */
  private possibleStart(window: string): number {
    let longest = 0;
    for (const closer of this.closers) {
      for (let length = Math.min(window.length, closer.length - 1); length > longest; length--) {
        if (window.endsWith(closer.slice(0, length))) {
          longest = length;
          break;
        }
      }
    }
    return longest;
  }

  endOfInput(): boolean {
    // Held units that did not complete a closer (or a leading opener) are reasoning text.
    this.confirm((this.lead ?? '') + this.tail);
    this.lead = undefined;
    this.tail = '';
    return false;
  }

  /** The reasoning text confirmed since the previous call (sent as `reasoning-delta`). */
  takeValueDelta(): string {
    const delta = this.pending;
    this.pending = '';
    return delta;
  }

  private confirm(text: string): void {
    if (text === '') return;
    this.value += text;
    this.pending += text;
  }

  /** The reasoning text confirmed so far (all of it once the block ended). */
  get text(): string {
    return this.value;
  }

  identity(): BlockIdentity | undefined {
    return undefined;
  }

  takeInputDelta(): string {
    return '';
  }

  partial(): ParsedCall[] {
    return [];
  }

  finish(): ParsedCall[] {
    return [];
  }
}

/** Reads an opening tag of {@link REASONING_TAGS} unit by unit. */
class ReasoningOpener implements OpenerReader {
  private read = '';

  push(unit: string): OpenerVerdict {
    const read = this.read + unit;
    this.read = read;
    let prefix = false;
    for (const [open, close] of REASONING_TAGS) {
      if (open === read) return { block: new ReasoningReader([close]) };
      if (open.startsWith(read)) prefix = true;
    }
    // Still inside the fixed tag: a marker starting after the `<` is found again.
    return prefix ? undefined : 1;
  }

  end(): OpenerVerdict {
    return 1;
  }
}

/**
 * The scanner's syntax for reasoning blocks, found anywhere outside code (not a tool syntax:
 * never in the registry, nothing to format). @internal
 */
export const reasoningSyntax: ToolSyntax = {
  name: 'reasoning',
  triggers: '<◁',
  placement: 'inline',
  startOpener: () => new ReasoningOpener(),
  format() {
    throw new Error('tool-transcript: a reasoning block is not a tool call and has no call format');
  },
};

/**
 * A block the text starts inside of (`reasoningStartsOpen`): closed by `</think>` or
 * `</seed:think>`; an opening tag written anyway at the start (after blanks) belongs to it. @internal
 */
export function startedReasoning(): ReasoningReader {
  return new ReasoningReader(
    REASONING_TAGS.map(([, close]) => close),
    REASONING_TAGS.map(([open]) => open),
  );
}

function isBlank(unit: string): boolean {
  return unit === ' ' || unit === '\n' || unit === '\r' || unit === '\t';
}
