/**
 * Public types of tool-transcript: transcript chunks, the AI SDK UI-message
 * chunk subset we emit, options, and the {@link ToolSyntax} plugin contract.
 *
 * @packageDocumentation
 */

/**
 * Life-cycle state of a tool call: the seven states of the AI SDK's tool UI parts, with the same
 * meaning. `approval-requested` waits for a person to approve or deny the call,
 * `approval-responded` has their answer, `output-denied` is a call the person refused.
 */
export type ToolState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied';

/** Every {@link ToolState}, in life-cycle order. */
export const TOOL_STATES: readonly ToolState[] = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
];

/**
 * The approval of a call that needs a person's consent, as on the AI SDK's tool parts:
 * `id` names the request; `approved` and `reason` are the answer once given.
 */
export type ToolApproval = {
  id: string;
  approved?: boolean;
  reason?: string;
};

/** A JSON value: what a call's values are once read from text, and what the AI SDK's metadata holds. */
export type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue | undefined };

/** A run of ordinary assistant text (markdown). */
export interface TextChunk {
  type: 'text';
  value: string;
}

/** A tool call found in the assistant text. */
export interface ToolChunk {
  type: 'tool';
  /** From the block when it names one, else `tool-call-N` (N counts tool chunks from 1). */
  toolCallId: string;
  /** `tool` when the block names none. */
  toolName: string;
  state: ToolState;
  /** Parsed arguments; `{}` when the block has none. */
  input: unknown;
  output?: unknown;
  errorText?: string;
  /** Name of the syntax that matched (`fence`, `caret`, `emoji`, `xml`, `json`, `sentinel` or a custom name). */
  syntax: string;
  /** Exact source text of the block, markers included (`''` for the 2nd+ call of a multi-call block). */
  raw: string;
  /** `false` when the input ended before the block's closer. */
  closed: boolean;
  /** Extra fields the block carried (for example unknown YAML keys). */
  fields?: Record<string, unknown>;
  /** The approval request and its answer (states `approval-requested`, `approval-responded`, `output-denied`). */
  approval?: ToolApproval;
}

/**
 * A reasoning block the model wrote in its text (`<think>…</think>` of DeepSeek-R1, Qwen3, GLM,
 * Kimi K2, MiniMax and others; `<seed:think>…</seed:think>` of Seed-OSS; `◁think▷…◁/think▷` of
 * Kimi-VL / k1.5). Markers inside it are not
 * calls (as the inference servers' reasoning parsers treat them): its body is not scanned.
 * Turned off by the `reasoning: false` option (the tags are then plain text).
 */
export interface ReasoningChunk {
  type: 'reasoning';
  /** The text inside the tags, as written (line breaks kept). */
  value: string;
  /** Exact source text of the block, tags included (what invariant 1, lossless, counts). */
  raw: string;
  /** `false` when the input ended before the closing tag. */
  closed: boolean;
}

/** One piece of a transcript, in source order: text, a tool call, or a reasoning block. */
export type TranscriptChunk = TextChunk | ToolChunk | ReasoningChunk;

/** Names of the syntaxes that ship with tool-transcript. */
export type SyntaxName = 'fence' | 'caret' | 'emoji' | 'xml' | 'json' | 'sentinel' | 'hermes' | 'qwen3coder' | 'glm' | 'deepseek' | 'kimi' | 'harmony' | 'minimax' | 'dsml' | 'invoke' | 'mistral' | 'gemma' | 'granite' | 'toolcalls' | 'phi4' | 'tooltags' | 'pythonic' | 'lfm2' | 'olmo3' | 'internlm';

/**
 * The subset of the Vercel AI SDK `UIMessageChunk` (package `ai`, v5+) that
 * tool-transcript emits. Declared locally so `ai` is not a runtime dependency.
 */
export type UIMessageChunk =
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  /** A reasoning block ({@link ReasoningChunk}) starts: the SDK opens a `reasoning` part. */
  | { type: 'reasoning-start'; id: string }
  /** More of the reasoning text (the text inside the tags, never the tags). */
  | { type: 'reasoning-delta'; id: string; delta: string }
  /** The reasoning block ended (at its closer, or at the end of input). */
  | { type: 'reasoning-end'; id: string }
  | {
      type: 'tool-input-start';
      toolCallId: string;
      toolName: string;
      dynamic: true;
      /**
       * `'text'`: the input deltas are the block's source text (opener and body, markers
       * included), not JSON, so the SDK keeps them as text (`part.input` / `part.rawInput`)
       * instead of parsing them as partial JSON. ai ≥ 6.0.308 / 7.0.143.
       */
      inputEncoding?: 'json' | 'text';
      /** Kept on the SDK's tool part: `{ syntax }`, plus what the part's state cannot hold (see {@link ToolMetadata}). */
      toolMetadata?: ToolMetadata;
    }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown; dynamic: true; toolMetadata?: ToolMetadata }
  | {
      type: 'tool-input-error';
      toolCallId: string;
      toolName: string;
      input: unknown;
      errorText: string;
      dynamic: true;
      toolMetadata?: ToolMetadata;
    }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string }
  | { type: 'tool-approval-request'; approvalId: string; toolCallId: string }
  | ToolApprovalResponseChunk
  | { type: 'tool-output-denied'; toolCallId: string };

/** ai 7 only (ai 6's HTTP transport rejects it): sent only with the `approvalResponses` option. */
export type ToolApprovalResponseChunk = { type: 'tool-approval-response'; approvalId: string; approved: boolean; reason?: string };

/**
 * The chunks a stream made with `Options` can send: every {@link UIMessageChunk} but
 * `tool-approval-response` unless `approvalResponses` may be true. Without that option the type
 * is one that ai 6's `UIMessageStreamWriter` (`write`, `merge`) accepts as it is.
 */
export type UIMessageChunkFor<Options> = 'approvalResponses' extends keyof Options
  ? true extends Options['approvalResponses' & keyof Options]
    ? UIMessageChunk
    : Exclude<UIMessageChunk, ToolApprovalResponseChunk>
  : Exclude<UIMessageChunk, ToolApprovalResponseChunk>;

/**
 * What tool-transcript keeps in the `toolMetadata` of an AI SDK tool part: the syntax the
 * block was written in (so a client can read the raw input text while it streams), and the
 * parts of the call that the part's state has no place for — a block whose explicit `state`
 * is `input-available` but which also records an `output`, unknown YAML keys (`fields`), or
 * an approval answer ai 6 cannot carry. `store.setMessage` puts them back on the item.
 */
export type ToolMetadata = {
  syntax: string;
  /**
   * The block's exact source (markers included; `''` for the second and later calls of one
   * block), sent when the call settles: what `restoreTranscriptText` writes back for the model.
   * Its presence marks a part that came from text.
   */
  raw?: string;
  /** The state the block's own text recorded for the call (an output, an error, an approval), when not `input-available`. */
  textState?: ToolState;
  output?: JsonValue;
  errorText?: string;
  fields?: { [key: string]: JsonValue | undefined };
  approval?: ToolApproval;
  [key: string]: JsonValue | undefined;
};

/**
 * Options shared by {@link parseTranscript}, the stream parser, the remark plugin and React.
 * Every function that takes them checks them when called: a wrong value throws a `TypeError`
 * naming the function, the option, what it expects and what it got. `null` options are no
 * options, and an option set to `null` takes its default.
 */
export interface TranscriptOptions {
  /**
   * Syntaxes to recognise, by name or as syntax objects (built-in factories or
   * your own {@link ToolSyntax}). Defaults to `defaultSyntaxes`.
   */
  syntaxes?: ReadonlyArray<SyntaxName | ToolSyntax>;
  /** Prefix of generated tool call ids. Default `tool-call-`, giving `tool-call-1`, `tool-call-2`, … */
  idPrefix?: string;
  /**
   * Tool definitions. When given, each finished call's input is coerced by its
   * tool's `inputSchema` (see `coerceInput`): strings become numbers, integers,
   * booleans, `null`, objects or arrays where the schema asks for them, a single
   * value becomes a one-item array where the schema has an array, a singular key
   * (`path`) given for an array parameter (`paths`) is moved there, and an emoji
   * block's `{args, body}` is mapped onto the named parameters. Unknown keys and
   * unknown tools are left as they are. Without `tools`, nothing changes.
   */
  tools?: readonly ToolDefinition[];
  /**
   * With `tools`: a call to a tool that is not among them becomes an
   * `output-error` chunk with the errorText `unknown tool NAME` (input and raw
   * kept; the stream sends `tool-input-error`, as the AI SDK does for an
   * unknown tool). Ignored without `tools`. Default `false`.
   */
  strictTools?: boolean;
  /**
   * How many of a message's tool calls may run (see {@link CallPolicy}).
   * Calls past the allowed set stay tool chunks but become `output-error`
   * with an errorText naming the policy (the stream sends
   * `tool-input-available` then `tool-output-error`). Default `'unlimited'`.
   */
  policy?: CallPolicy;
  /**
   * Send `tool-approval-response` chunks for calls recorded as `approval-responded` or
   * `output-denied`, so the SDK part carries the answer (`approval.approved`, `reason`).
   * Only ai 7 reads them; ai 6's HTTP chat transport rejects the chunk type, so the default
   * is `false` (the answer then travels in the part's `toolMetadata.approval`, and an
   * `approval-responded` call sends no `tool-approval-request` either — the SDK part is
   * `input-available`, never a request to answer again; the store reads it back answered).
   */
  approvalResponses?: boolean;
  /**
   * AI SDK chunks: put each call's block source in its part's `toolMetadata.raw` (and the state
   * its text gave in `toolMetadata.textState`), so `restoreTranscriptText` can give the model
   * back exactly what it wrote on the next request. Costs the block's source a second time on
   * the wire. Default `false`; `toTranscriptUIMessageStream` turns it on.
   */
  sourceMetadata?: boolean;
  /**
   * Read reasoning blocks — `<think>…</think>`, `<seed:think>…</seed:think>`,
   * and `◁think▷…◁/think▷`, anywhere outside code — as {@link ReasoningChunk}s whose body is not scanned for calls (a call
   * written while thinking is not a call). `false`: the tags are plain text and markers inside
   * them are read as everywhere else. Default `true`.
   */
  reasoning?: boolean;
  /**
   * The text starts inside a reasoning block whose `<think>` the chat template already wrote in
   * the prompt (DeepSeek-R1, Qwen3 thinking, MiniMax-M2, Step-3, Seed-OSS): everything up to the
   * first closing tag (`</think>`, `</seed:think>`, `◁/think▷`) is reasoning — all of it, when none comes (as vLLM's
   * `deepseek_r1` and `seed_oss` parsers read it). An opening tag the model writes anyway at the
   * start (after blanks only) is taken as that block's opener. Empty text gives no chunk.
   * Ignored with `reasoning: false`. Default `false`.
   */
  reasoningStartsOpen?: boolean;
}

/**
 * A call-count policy for one message (one transcript):
 *
 * - `'unlimited'`: every call may run (the default);
 * - `'single'`: only the first tool call may run ("exactly one tool block per message");
 * - `{ readOnly: [...] }`: calls to the named read-only tools may follow each other; a call to
 *   any other tool may run only as the message's first call, and ends its calls. A write after
 *   reads is refused, since it must see their results, and so is every call after it.
 *
 * Every tool chunk counts, malformed ones included, in transcript order. Only calls that are
 * still to be run (`input-available`) are refused; a block that already carries an output or
 * an error is a record and is left as it is.
 */
export type CallPolicy = 'unlimited' | 'single' | { readonly readOnly: readonly string[] };

/** JSON Schema type names. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/**
 * The part of JSON Schema that tool-transcript reads (tool manifests and input
 * coercion). Other keywords are allowed and ignored; `$ref` is not resolved.
 */
export interface JsonSchema {
  type?: JsonSchemaType | readonly JsonSchemaType[];
  title?: string;
  description?: string;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  /** The item schema (a tuple's item list is read as its first item). */
  items?: JsonSchema | readonly JsonSchema[];
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  examples?: readonly unknown[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

/** A tool the model may call: the shape of MCP tools and of AI SDK tools with a JSON Schema. */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the input; an object schema with `properties`. */
  inputSchema?: JsonSchema;
}

// ---------------------------------------------------------------------------
// The syntax plugin contract
// ---------------------------------------------------------------------------

/**
 * What a syntax read from one tool call. Missing fields get the defaults of
 * the contract (`toolName: 'tool'`, a generated id, `input: {}`, state by rules).
 */
export interface ParsedCall {
  toolName?: string;
  toolCallId?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  /** An explicit, valid state written in the block. */
  state?: ToolState;
  fields?: Record<string, unknown>;
  /** The approval the block records (see {@link ToolApproval}). */
  approval?: ToolApproval;
  /**
   * The block was recognised but could not be parsed. It becomes an
   * `output-error` tool chunk (the stream sends `tool-input-error`) and
   * `errorText` must say what is wrong and where.
   */
  invalid?: boolean;
}

/** A call as given to a syntax's `format`. */
export interface FormatCall {
  toolName: string;
  toolCallId?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  state?: ToolState;
}

/** Name and id of a block once they can no longer change. */
export interface BlockIdentity {
  toolName: string;
  /** `undefined`: the block names no id, a `tool-call-N` id is generated. */
  toolCallId?: string;
}

/**
 * Reads a candidate opener one UTF-16 code unit at a time. The first unit
 * pushed is the trigger character.
 */
export interface OpenerReader {
  /**
   * Returns `undefined` to go on reading, an {@link OpenerAccept} when the
   * opener is complete with this unit, or a number `k ≥ 1` to reject: the
   * units before index `k` of the candidate are text, scanning resumes at `k`.
   * Reject with `k = 1` while still inside the syntax's fixed signature (so a
   * marker starting inside it is still found) and with the index of the
   * offending unit afterwards, which keeps the scan linear.
   */
  push(unit: string): OpenerVerdict;
  /** The input ended while reading: accept or reject (never `undefined`). */
  end(): OpenerVerdict;
}

export type OpenerVerdict = undefined | number | OpenerAccept;

export interface OpenerAccept {
  block: BlockReader;
  /** The opener is the whole block (for example a self-closing tag). */
  complete?: boolean;
}

/** Reads the rest of a block after its opener was accepted. */
export interface BlockReader {
  /**
   * Consumes `text[from..to)`. Returns -1 when the block is still open, else
   * the index just past the block's closer (`from ≤ index ≤ to`); what follows
   * is scanned as text again.
   */
  read(text: string, from: number, to: number): number;
  /** The input ended inside the block: `true` when what was read completes the closer. */
  endOfInput(): boolean;
  /** Name and id for the event stream once they are settled, else `undefined`. */
  identity(): BlockIdentity | undefined;
  /** Body text confirmed since the previous call (sent as `tool-input-delta`). */
  takeInputDelta(): string;
  /**
   * The calls as parsed so far, for an open block. Asked after every delta (by a snapshot read and
   * by an event parser with `partialInput`): read at points fixed by the text, spaced geometrically
   * once the body is large, and return the same input in between, so the input after a prefix is
   * the same however it was split and the reads stay amortised linear.
   */
  partial(): ParsedCall[];
  /** The final calls (at least one). `closed` tells whether the closer was seen. */
  finish(closed: boolean): ParsedCall[];
}

/**
 * One tool-call syntax: how to find its blocks, read them incrementally, and
 * write a call back. Every syntax runs through the same scanner.
 */
export interface ToolSyntax {
  /** Name reported in {@link ToolChunk.syntax}. */
  readonly name: string;
  /** Code units that can begin an opener. */
  readonly triggers: string;
  /**
   * `line-start`: only at the start of a line after at most three spaces,
   * outside code; `inline`: anywhere outside code.
   */
  readonly placement: 'line-start' | 'inline';
  /**
   * Starts reading a candidate opener; its trigger unit is pushed next. `work` is the
   * parser's {@link WorkMeter}: a reader that does work the scanner does not see (parsing
   * a body with a YAML or JSON library, copying text it already read) adds it there, so a
   * parser's counts cover its syntaxes too. A syntax may ignore it.
   */
  startOpener(work?: WorkMeter): OpenerReader;
  /** Writes a call as a block of this syntax; throws a clear error for what it cannot express. */
  format(call: FormatCall): string;
  /**
   * How `describeTools` teaches this syntax to a model. Without it the
   * manifest says to follow the examples (written by {@link format}).
   */
  readonly describe?: SyntaxDescription;
  /**
   * Maps the input a block of this syntax gave onto the named parameters of
   * `tool`, before the `tools` option coerces it by the tool's schema. Only
   * for syntaxes whose input is not named parameters (the emoji syntax's
   * `{args, body}`, laid out positionally); return `input` unchanged where
   * it does not apply. It must not throw for any input (a throw leaves the
   * call as it was read).
   */
  mapInput?(input: unknown, tool: ToolDefinition): unknown;
  /**
   * For a syntax whose openers are the tool names (`tooltags`): the syntax bound to `tools`.
   * Each parser calls it once, with its `tools` option, and reads with what it returns;
   * without `tools` the syntax is used as it is.
   */
  withTools?(tools: readonly ToolDefinition[]): ToolSyntax;
}

/**
 * The work one parser did, counted in UTF-16 code units: a diagnostic. Every count grows
 * linearly with the input (whatever its split into deltas), which is what the tests check
 * instead of timing; a count growing faster on some input is a bug. Each parser owns one
 * meter: the scanner adds to `scanned` and hands the meter to every opener it starts
 * ({@link ToolSyntax.startOpener}), whose block reader adds the rest.
 */
export interface WorkMeter {
  /** Units the scanner visited, rescans of rejected openers included. */
  scanned: number;
  /** Characters handed to the YAML parser (the partial parses of open blocks included). */
  yaml: number;
  /** Characters handed to `JSON.parse` (the partial parses of open blocks included). */
  json: number;
  /** Units a block reader copied again after reading them once. */
  copied: number;
}

/** How `describeTools` teaches a syntax (see {@link ToolSyntax.describe}). */
export interface SyntaxDescription {
  /**
   * The general rules as prompt text: how a call is framed and how arrays,
   * multiline values and special characters are written. They must match
   * what this instance's `format` writes (a customised instance describes
   * its own word, grammar or style).
   */
  readonly rules: string;
  /**
   * The input to write in `tool`'s example call, from the named example
   * `input` its schema gives; default: `input` as is. A syntax whose calls
   * do not carry named parameters lays them out here ({@link ToolSyntax.mapInput}
   * reads them back). Throws a clear error for a tool the syntax cannot write.
   */
  exampleInput?(input: Record<string, unknown>, tool: ToolDefinition): unknown;
  /** A line stated after `tool`'s parameter list (the emoji syntax: the order of its words), if any. */
  toolNote?(tool: ToolDefinition): string | undefined;
}
