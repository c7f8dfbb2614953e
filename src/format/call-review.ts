import type { ParsedCall, ToolChunk, ToolSyntax, TranscriptOptions } from '../types.js';
import { resolveSyntaxes } from '../syntaxes/index.js';
import { CallPolicyGate, resolvePolicy } from './policy.js';
import { ToolSchemas } from './schema/apply.js';

/**
 * What the `tools`, `strictTools` and `policy` options do to calls where they
 * become chunks (whole, streamed and remark parsing alike). One per parser.
 * `syntax` is the syntax that read the call, as an object or by name (a name
 * stands for the first of the parser's syntaxes with that name), so its
 * `mapInput` applies.
 */
export interface CallReview {
  /** A call of the open block, for the `input-streaming` snapshot: coerced only. */
  partial(call: ParsedCall, syntax: ToolSyntax | string): ParsedCall;
  /** A finished call: coerced, and the unknown-tool error when strict. */
  finish(call: ParsedCall, syntax: ToolSyntax | string): ParsedCall;
  /** A finished tool chunk, through the call-count policy. */
  admit(chunk: ToolChunk): ToolChunk;
}

/** The review for these options, or `undefined` when they change nothing (no `tools`, unlimited policy). */
export function createCallReview(options: TranscriptOptions): CallReview | undefined {
  const schemas = options.tools === undefined ? undefined : new ToolSchemas(options.tools, options.strictTools === true);
  const policy = resolvePolicy(options.policy);
  if (!schemas && !policy) return undefined;
  const gate = policy && new CallPolicyGate(policy);
  const bySyntax = schemas && syntaxLookup(options);
  return {
    partial: (call, syntax) => (schemas ? schemas.coerce(call, bySyntax!(syntax)) : call),
    finish: (call, syntax) => (schemas ? schemas.finish(call, bySyntax!(syntax)) : call),
    admit: (chunk) => (gate ? gate.admit(chunk) : chunk),
  };
}

/** Finds the parser's syntax for a name (the first with that name); an object is itself. */
function syntaxLookup(options: TranscriptOptions): (syntax: ToolSyntax | string) => ToolSyntax | undefined {
  const byName = new Map<string, ToolSyntax>();
  try {
    for (const syntax of resolveSyntaxes(options.syntaxes)) if (!byName.has(syntax.name)) byName.set(syntax.name, syntax);
  } catch {
    // An unknown syntax name: the parser reports it where it resolves the syntaxes.
  }
  return (syntax) => (typeof syntax === 'string' ? byName.get(syntax) : syntax);
}
