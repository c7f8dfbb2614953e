import type { FormatCall, SyntaxName, ToolDefinition, ToolSyntax } from '../../types.js';
import { resolveSyntaxes } from '../../syntaxes/index.js';
import { coerceInput } from '../../review/coerce.js';
import { exampleInput } from '../../json-schema/examples.js';

/** A tool's canonical example call. */
export interface ToolExample {
  /**
   * The call the example stands for, with the named input the tool's schema
   * describes: what parsing `text` with the `tools` option gives back.
   */
  call: FormatCall;
  /** The example as written by the syntax's `format`. */
  text: string;
}

/** A syntax by name (built-in) or as an object. Throws for an unknown name. */
export function resolveSyntax(syntax: SyntaxName | ToolSyntax): ToolSyntax {
  return resolveSyntaxes([syntax])[0]!;
}

/**
 * The canonical example call of `tool` in `syntax`, from example values
 * derived from its schema (`examples`, `default`, `const`, the first `enum`
 * value, or a placeholder per type), written by the syntax's own `format`,
 * so the example always has the shape its reader reads.
 *
 * A syntax whose calls do not carry named parameters lays them out in its
 * `describe.exampleInput` (the emoji syntax: words and a body, a word value
 * that cannot be a word replaced by its placeholder), and the call's input
 * is then what its `mapInput` reads back, coerced by the schema. Throws a
 * clear error when the syntax cannot write the tool (an object parameter in
 * emoji, a caret key with a `-`, …).
 */
export function toolExample(tool: ToolDefinition, syntax: SyntaxName | ToolSyntax): ToolExample {
  const resolved = resolveSyntax(syntax);
  const input = exampleInput(tool.inputSchema);
  const laidOut = resolved.describe?.exampleInput;
  const written = laidOut ? laidOut(input, tool) : input;
  const text = write(resolved, { toolName: tool.name, input: written });
  if (written === input || !resolved.mapInput) return { call: { toolName: tool.name, input }, text };
  return { call: { toolName: tool.name, input: coerceInput(resolved.mapInput(written, tool), tool.inputSchema) }, text };
}

function write(syntax: ToolSyntax, call: FormatCall): string {
  try {
    return syntax.format(call);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`describeTools: the ${syntax.name} syntax cannot write an example call of tool ${JSON.stringify(call.toolName)}: ${message}`);
  }
}
