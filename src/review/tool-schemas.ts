import type { ParsedCall, ToolDefinition, ToolSyntax } from '../types.js';
import { coerceInput } from './coerce.js';

/**
 * Applies tool definitions to parsed calls: input coercion by schema and,
 * when `strict`, the unknown-tool error. Built once per parser.
 */
export class ToolSchemas {
  private readonly byName = new Map<string, ToolDefinition>();

  constructor(
    tools: readonly ToolDefinition[],
    private readonly strict: boolean,
  ) {
    // Checked with the options they came in (`options.ts`): an array of definitions with string names.
    for (const tool of tools) {
      if (!this.byName.has(tool.name)) this.byName.set(tool.name, tool);
    }
  }

  /**
   * The call with its input mapped by the syntax's `mapInput` (when it has
   * one) and coerced by its tool's schema (unchanged for unknown tools and
   * invalid calls).
   */
  coerce(call: ParsedCall, syntax: ToolSyntax | undefined): ParsedCall {
    if (call.invalid) return call;
    const tool = call.toolName === undefined ? undefined : this.byName.get(call.toolName);
    if (!tool || call.input === undefined) return call;
    try {
      const input = syntax?.mapInput ? syntax.mapInput(call.input, tool) : call.input;
      return { ...call, input: coerceInput(input, tool.inputSchema) };
    } catch {
      // A schema object that throws when read (a getter, a proxy), or a custom mapInput that throws: the parse must not break.
      return call;
    }
  }

  /** {@link coerce}, then the unknown-tool error when strict. */
  finish(call: ParsedCall, syntax: ToolSyntax | undefined): ParsedCall {
    const coerced = this.coerce(call, syntax);
    if (!this.strict || coerced.invalid || this.byName.has(coerced.toolName ?? 'tool')) return coerced;
    const { output: _output, state: _state, ...rest } = coerced;
    return { ...rest, invalid: true, errorText: `unknown tool ${coerced.toolName ?? 'tool'}` };
  }
}
