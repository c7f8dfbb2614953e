import { TextBuffer } from '../scanner/text-buffer.js';

/**
 * Streams a tool call's input as JSON text while the block is still being written, so that the
 * deltas, joined, are exactly the `input` JSON of the final `tool-call` part.
 *
 * A block's input so far (the parser's `input-streaming` snapshot) is not a promise about the
 * final input: a repeated key becomes an array, an XML entity completes, YAML chomps a trailing
 * newline. So only what cannot be taken back is sent:
 *
 * - `{` at once: every call that runs has an object input (anything else is refused);
 * - an entry once a later key follows it (its value is settled as far as the snapshot can say);
 * - the last entry's string value as an open JSON string, minus a tail that may still change
 *   (trailing whitespace, a half-written `&entity`, a lone high surrogate).
 *
 * When the final input disagrees with something already sent, the completion states the key
 * again: JSON objects keep the last of repeated keys (`JSON.parse`, the AI SDK's parser), so the
 * joined text still parses to exactly the final input. With a schema, only the tool's declared
 * parameters are streamed early, because schema coercion may move an undeclared key
 * (`path` → `paths`) and a sent key cannot be taken back.
 */
export class JsonInputWriter {
  /** Everything sent so far: the joined deltas (a buffer: `+=` kept a rope node per delta of a long value). */
  private readonly text = new TextBuffer();
  /** Entries written in full (key → value as sent). */
  private readonly sent = new Map<string, unknown>();
  /** Entries written, for the comma before the next one. */
  private written = 0;
  /** The key whose string value is open, and the part of it sent. */
  private open: { key: string; value: string } | undefined;
  /** Set when the snapshot contradicted what was sent: nothing more until the end. */
  private frozen = false;
  /** The final input's JSON, when the deltas cannot parse to it (see {@link inputJson}). */
  private json: string | undefined;
  /**
   * Units this writer looked at or wrote (entries visited, JSON compared or serialised, string
   * tails compared, deltas escaped): its work, counted for the middleware's linear-work test.
   */
  examined = 0;

  /** @param declared The tool's declared parameter names, or `undefined` to stream any key. */
  constructor(private readonly declared?: ReadonlySet<string>) {}

  /** The joined deltas so far. */
  get sentText(): string {
    return this.text.toString();
  }

  /**
   * The call's input as JSON, once {@link finish}ed: the joined deltas — unless the final input
   * lacks a key already sent (a reader showed a value while the block streamed, then dropped it at
   * the closer). A sent key cannot be taken back, so the call then carries the final input's own
   * JSON: it runs with exactly the input of the parse, and only the preview the deltas gave differs.
   */
  get inputJson(): string {
    return this.json ?? this.text.toString();
  }

  /** The first delta, sent with `tool-input-start`. */
  start(): string {
    return this.emit('{');
  }

  /** The delta for a newer snapshot of the input (often `''`). */
  progress(partial: unknown): string {
    if (this.frozen || !isPlainObject(partial)) return '';
    const entries = Object.entries(partial).filter(([, value]) => value !== undefined);
    this.examined += entries.length;
    let delta = '';
    entries.forEach(([key, value], index) => {
      if (this.frozen) return;
      const last = index === entries.length - 1;
      if (this.open?.key === key) {
        delta += last ? this.growOpen(value) : this.closeOpen(value);
        return;
      }
      if (this.sent.has(key)) {
        if (!this.sameJson(this.sent.get(key), value)) this.frozen = true;
        return;
      }
      if (this.open !== undefined || !this.mayStream(key)) return;
      if (!last) delta += this.entry(key, value);
      else if (typeof value === 'string') delta += this.openString(key, value);
    });
    return delta;
  }

  /**
   * The last delta: completes the JSON so that it parses to `input`. `undefined` when `input` is
   * not an object (such a call is refused, and the text sent stays an unfinished object).
   */
  finish(input: unknown): string | undefined {
    if (!isPlainObject(input)) return undefined;
    let delta = '';
    if (this.open !== undefined) {
      const { key, value: sentPart } = this.open;
      const value = input[key];
      // The one full comparison: while streaming only the tail was checked (see extendsTail).
      const whole = typeof value === 'string' && value.startsWith(sentPart) ? value : sentPart;
      delta += this.emit(`${escapeJson(whole.slice(sentPart.length))}"`);
      this.sent.set(key, whole);
      this.open = undefined;
    }
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined) continue;
      if (this.sent.has(key) && this.sameJson(this.sent.get(key), value)) continue;
      delta += this.entry(key, value);
    }
    delta += this.emit('}');
    for (const key of this.sent.keys()) {
      if (!Object.hasOwn(input, key) || input[key] === undefined) this.json = JSON.stringify(input);
    }
    return delta;
  }

  private mayStream(key: string): boolean {
    return this.declared === undefined || this.declared.has(key);
  }

  private entry(key: string, value: unknown): string {
    const json = JSON.stringify(value);
    if (json === undefined) return '';
    this.examined += json.length;
    this.sent.set(key, value);
    return this.emit(`${this.comma()}${JSON.stringify(key)}:${json}`);
  }

  private openString(key: string, value: string): string {
    const part = settledPrefix(value);
    this.open = { key, value: part };
    return this.emit(`${this.comma()}${JSON.stringify(key)}:"${escapeJson(part)}`);
  }

  private growOpen(value: unknown): string {
    const open = this.open!;
    this.examined += Math.min(TAIL, open.value.length);
    if (typeof value !== 'string' || !extendsTail(value, open.value)) {
      this.frozen = true;
      return '';
    }
    const part = settledPrefix(value);
    if (part.length <= open.value.length) return '';
    const delta = escapeJson(part.slice(open.value.length));
    open.value = part;
    return this.emit(delta);
  }

  /** The open key is followed by another: its value is settled, close the string if it agrees. */
  private closeOpen(value: unknown): string {
    const open = this.open!;
    this.examined += Math.min(TAIL, open.value.length);
    if (typeof value !== 'string' || !extendsTail(value, open.value)) {
      this.frozen = true;
      return '';
    }
    this.open = undefined;
    this.sent.set(open.key, value);
    return this.emit(`${escapeJson(value.slice(open.value.length))}"`);
  }

  /** Whether two values are the same JSON (the same value is, without serialising it). */
  private sameJson(a: unknown, b: unknown): boolean {
    if (Object.is(a, b)) return true;
    const left = JSON.stringify(a);
    const right = JSON.stringify(b);
    this.examined += (left?.length ?? 0) + (right?.length ?? 0);
    return left === right;
  }

  private comma(): string {
    return this.written++ === 0 ? '' : ',';
  }

  private emit(delta: string): string {
    this.examined += delta.length;
    this.text.append(delta);
    return delta;
  }
}

/**
 * The part of a growing string value that later text is not expected to change: without
 * trailing whitespace (syntaxes trim or chomp it when the block closes), an unfinished
 * `&entity` (XML decodes it once its `;` arrives) and a lone high surrogate (its pair would
 * escape differently). Anything else that still changes is repaired by {@link JsonInputWriter.finish}.
 */
function settledPrefix(value: string): string {
  let end = value.length;
  while (end > 0 && isSpace(value.charCodeAt(end - 1))) end--;
  // An entity is at most a dozen units: look back no further (the rest of the string is settled).
  for (let i = end - 1; i >= 0 && i >= end - ENTITY_MAX; i--) {
    const code = value.charCodeAt(i);
    if (code === 0x26 /* & */) {
      end = i;
      break;
    }
    if (!isEntityUnit(code)) break;
  }
  if (end > 0 && isHighSurrogate(value.charCodeAt(end - 1))) end--;
  return value.slice(0, end);
}

const ENTITY_MAX = 12;
/** How much of an open string's sent end is compared while streaming. */
const TAIL = 16;

/**
 * Whether `value` continues `sent`, judged by the last {@link TAIL} units of `sent` only, so that
 * a look at a growing string costs its growth, not its length. A change further back is caught by
 * the full comparison in {@link JsonInputWriter.finish}, which then states the key again.
 */
function extendsTail(value: string, sent: string): boolean {
  if (value.length < sent.length) return false;
  const from = Math.max(0, sent.length - TAIL);
  return value.slice(from, sent.length) === sent.slice(from);
}

function isEntityUnit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x23;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** A string's JSON text without its quotes (escaping is per character, so pieces join up). */
function escapeJson(value: string): string {
  const json = JSON.stringify(value);
  return json.slice(1, -1);
}


/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
