/**
 * The parse-time review of tool calls: what the parser options `tools`, `strictTools` and
 * `policy` do to each call as it becomes a chunk. Input is mapped and coerced to its tool's
 * schema (`coerce.ts`, `tool-schemas.ts`), a call to an unknown tool is refused when strict,
 * and the call-count policy refuses calls past what it allows (`policy.ts`). The stream
 * parser, the remark plugin and the CLI all run calls through one {@link CallReview}, so they
 * judge calls alike. Writing tools and results for the model is another room (`format/`).
 */
import type { ParsedCall, ToolChunk, ToolSyntax, TranscriptOptions } from '../types.js';
import { CallPolicyGate, resolvePolicy } from './policy.js';
import { ToolSchemas } from './tool-schemas.js';

/**
 * What the `tools`, `strictTools` and `policy` options do to calls where they
 * become chunks (whole, streamed and remark parsing alike). One per parser.
 * `syntax` is the syntax object that read the call, so its own `mapInput`
 * applies (custom and customised syntaxes included).
 */
export interface CallReview {
  /** A call of the open block, for the `input-streaming` snapshot: coerced only. */
  partial(call: ParsedCall, syntax: ToolSyntax): ParsedCall;
  /** A finished call: coerced, and the unknown-tool error when strict. */
  finish(call: ParsedCall, syntax: ToolSyntax): ParsedCall;
  /** A finished tool chunk, through the call-count policy. */
  admit(chunk: ToolChunk): ToolChunk;
}

/** The review for these options, or `undefined` when they change nothing (no `tools`, unlimited policy). */
export function createCallReview(options: TranscriptOptions): CallReview | undefined {
  const schemas = options.tools === undefined ? undefined : new ToolSchemas(options.tools, options.strictTools === true);
  const policy = resolvePolicy(options.policy);
  if (!schemas && !policy) return undefined;
  const gate = policy && new CallPolicyGate(policy);
  return {
    partial: (call, syntax) => (schemas ? schemas.coerce(call, syntax) : call),
    finish: (call, syntax) => (schemas ? schemas.finish(call, syntax) : call),
    admit: (chunk) => (gate ? gate.admit(chunk) : chunk),
  };
}
