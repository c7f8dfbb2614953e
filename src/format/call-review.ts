import type { ParsedCall, ToolChunk, ToolSyntax, TranscriptOptions } from '../types.js';
import { CallPolicyGate, resolvePolicy } from './policy.js';
import { ToolSchemas } from './schema/apply.js';

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
