import type { CallPolicy, ToolChunk } from '../types.js';

/**
 * Applies a {@link CallPolicy} to the tool chunks of one message, in order.
 * Built once per parser; `admit` must see every tool chunk exactly once.
 */
export class CallPolicyGate {
  private count = 0;
  /**
   * For `readOnly`: the first call to a tool that is not read-only (its number and tool name).
   * Nothing after it runs: whether it ran (as call 1) or was refused, later calls were written
   * without its result.
   */
  private ended: { call: number; toolName: string } | undefined;
  private readonly readOnly: ReadonlySet<string> | undefined;

  constructor(policy: Exclude<CallPolicy, 'unlimited'>) {
    this.readOnly = policy === 'single' ? undefined : new Set(policy.readOnly);
  }

  /** The chunk as the policy lets it stand: unchanged, or refused (`output-error`). */
  admit(chunk: ToolChunk): ToolChunk {
    const call = ++this.count;
    const refusal = this.refusal(call, chunk.toolName);
    if (refusal === undefined || (chunk.state !== 'input-available' && chunk.state !== 'input-streaming')) return chunk;
    return { ...chunk, state: 'output-error', errorText: refusal };
  }

  private refusal(call: number, toolName: string): string | undefined {
    if (this.readOnly === undefined) {
      return call === 1 ? undefined : `not run: the single-call policy allows one tool call per message; this is call ${call}`;
    }
    if (this.ended !== undefined) {
      const { call: last, toolName: lastName } = this.ended;
      return `not run: the read-only policy ends a message's tool calls at its first call to a tool that is not read-only (call ${last}, ${lastName}); this is call ${call}`;
    }
    if (this.readOnly.has(toolName)) return undefined;
    this.ended = { call, toolName };
    if (call === 1) return undefined;
    return `not run: the read-only policy allows a tool that is not read-only (${toolName}) only as a message's first call, since it must see the results of the calls before it; this is call ${call}`;
  }
}

/**
 * The policy to apply; `undefined` for `'unlimited'` (nothing to apply). The value was checked
 * with the options it came in (`options.ts`), where a wrong one gets its error.
 */
export function resolvePolicy(policy: CallPolicy | undefined): Exclude<CallPolicy, 'unlimited'> | undefined {
  // Not copied: the gate makes a set of its list when the parser is made, and `describeTools` reads it at once.
  return policy === 'unlimited' ? undefined : policy;
}
