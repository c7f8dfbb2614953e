import type { ParsedCall, ToolDefinition } from '../../types.js';
import { coerceInput } from './coerce.js';
import { fromPositional, isPositionalInput, positionalLayout, POSITIONAL_SYNTAX, type PositionalLayout } from './positional.js';
import { requiredOf } from './types.js';

/**
 * Applies tool definitions to parsed calls: input coercion by schema and,
 * when `strict`, the unknown-tool error. Built once per parser.
 */
export class ToolSchemas {
  private readonly byName = new Map<string, ToolDefinition>();
  private readonly layouts = new Map<string, PositionalLayout | null>();

  constructor(
    tools: readonly ToolDefinition[],
    private readonly strict: boolean,
  ) {
    if (!Array.isArray(tools)) throw new TypeError('tool-transcript: the tools option must be an array of tool definitions');
    for (const tool of tools) {
      if (typeof tool?.name !== 'string') throw new TypeError('tool-transcript: every tool definition needs a string name');
      if (!this.byName.has(tool.name)) this.byName.set(tool.name, tool);
    }
  }

  /** The call with its input coerced by its tool's schema (unchanged for unknown tools and invalid calls). */
  coerce(call: ParsedCall, syntax: string): ParsedCall {
    if (call.invalid) return call;
    const tool = call.toolName === undefined ? undefined : this.byName.get(call.toolName);
    if (!tool || call.input === undefined) return call;
    try {
      let input = call.input;
      if (syntax === POSITIONAL_SYNTAX && isPositionalInput(input)) {
        const layout = this.layout(tool);
        if (layout) input = fromPositional(input, layout, requiredOf(tool.inputSchema));
      }
      return { ...call, input: coerceInput(input, tool.inputSchema) };
    } catch {
      // A schema object that throws when read (a getter, a proxy): the parse must not break.
      return call;
    }
  }

  /** {@link coerce}, then the unknown-tool error when strict. */
  finish(call: ParsedCall, syntax: string): ParsedCall {
    const coerced = this.coerce(call, syntax);
    if (!this.strict || coerced.invalid || this.byName.has(coerced.toolName ?? 'tool')) return coerced;
    const { output: _output, state: _state, ...rest } = coerced;
    return { ...rest, invalid: true, errorText: `unknown tool ${coerced.toolName ?? 'tool'}` };
  }

  /** The tool's positional layout, or `null` when its schema has `args` itself or cannot be laid out. */
  private layout(tool: ToolDefinition): PositionalLayout | null {
    let layout = this.layouts.get(tool.name);
    if (layout === undefined) {
      const properties = tool.inputSchema?.properties;
      try {
        layout = properties && Object.hasOwn(properties, 'args') ? null : positionalLayout(tool.inputSchema, tool.name);
      } catch {
        layout = null;
      }
      this.layouts.set(tool.name, layout);
    }
    return layout;
  }
}
