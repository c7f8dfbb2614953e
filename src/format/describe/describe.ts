import type { CallPolicy, SyntaxName, ToolDefinition, ToolSyntax } from '../../types.js';
import { checkDescribeOptions } from '../../options.js';
import { resolvePolicy } from '../../review/policy.js';
import { resolveSyntax, toolExample } from './example.js';
import { isPreset, type ProviderPreset } from './presets.js';
import { GENERIC_RULES } from './rules.js';
import { summariseParameters } from './summary.js';

/** Options of {@link describeTools}. */
export interface DescribeToolsOptions {
  /** The syntax to describe the tools in; overrides a preset's. */
  syntax?: SyntaxName | ToolSyntax;
  /**
   * The rules text of the syntax. Default: the syntax's own
   * (`syntax.describe.rules`, which built-in instances carry for what they
   * write: their fence word, caret grammar, XML or JSON style), or a line
   * pointing at the examples for a syntax without rules.
   */
  rules?: string;
  /** The manifest's heading. Default `Tools`. */
  heading?: string;
  /** Markdown level of the heading (1–5; the sections below it are one deeper). Default 1. */
  headingLevel?: number;
  /** A call-count policy to state in the rules (the same value as the parser's `policy` option). */
  policy?: CallPolicy;
}

const INTRO =
  'You can call the tools listed below. To call one, write a tool call in your reply as described here; ' +
  'the tool runs and its result comes back to you in the next message.';

/**
 * The prompt text that teaches a model to call `tools` in a syntax: the
 * syntax's general rules (framing, arrays, multiline values, escaping), then
 * per tool its description, a summary of its parameters (types, required or
 * optional, enums, defaults, nested objects one level down) and a canonical
 * example written by the syntax's own `format` (see `toolExample`), so the
 * example is exactly what the parser reads.
 *
 * `target` is a syntax name, a syntax object or a provider preset
 * (`presets.anthropic`); `options.syntax` overrides a preset's syntax. Throws
 * a clear error for an unknown syntax, a repeated tool name, or a tool the
 * syntax cannot write (the emoji syntax carries only words and a body: an
 * object parameter cannot be written in it). No tools give `''`.
 */
export function describeTools(
  tools: readonly ToolDefinition[],
  target: SyntaxName | ToolSyntax | ProviderPreset,
  given?: DescribeToolsOptions | null,
): string {
  const options = checkDescribeOptions('describeTools', given);
  if (!Array.isArray(tools)) throw new TypeError('describeTools: tools must be an array of tool definitions');
  const syntax = resolveSyntax(options.syntax ?? (isPreset(target) ? target.syntax : target));
  if (tools.length === 0) return '';
  const level = options.headingLevel ?? 1;
  if (!Number.isInteger(level) || level < 1 || level > 5) throw new Error(`describeTools: headingLevel must be 1 to 5, not ${String(level)}`);
  const h1 = '#'.repeat(level);
  const h2 = '#'.repeat(level + 1);
  const rules = options.rules ?? syntax.describe?.rules ?? GENERIC_RULES;
  const policy = policyRule(options.policy);
  const parts = [`${h1} ${options.heading ?? 'Tools'}`, INTRO, `${h2} How to write a tool call`, rules];
  if (policy) parts.push(policy);
  const seen = new Set<string>();
  for (const tool of tools) {
    if (typeof tool?.name !== 'string' || tool.name === '') throw new TypeError('describeTools: every tool needs a non-empty string name');
    if (seen.has(tool.name)) throw new Error(`describeTools: the tool ${JSON.stringify(tool.name)} is listed twice`);
    seen.add(tool.name);
    parts.push(...describeTool(tool, syntax, h2));
  }
  return parts.join('\n\n');
}

function describeTool(tool: ToolDefinition, syntax: ToolSyntax, heading: string): string[] {
  const { text } = toolExample(tool, syntax);
  const parts = [`${heading} ${tool.name}`];
  const description = typeof tool.description === 'string' ? tool.description.trim() : '';
  if (description !== '') parts.push(description);
  parts.push(summariseParameters(tool.inputSchema));
  const note = syntax.describe?.toolNote?.(tool);
  if (note) parts.push(note);
  parts.push('Example:', text);
  return parts;
}

/** The sentence that states a call-count policy, if it limits anything. */
function policyRule(policy: CallPolicy | undefined): string | undefined {
  const resolved = resolvePolicy(policy);
  if (resolved === undefined) return undefined;
  if (resolved === 'single') return 'Write at most one tool call per message: later calls in the same message are not run.';
  const names = resolved.readOnly.map((name) => `\`${name}\``).join(', ');
  return (
    `Calls to the read-only tools (${names || 'none'}) may follow one another in a message; ` +
    'a call to any other tool must be the last call of its message: calls after it are not run.'
  );
}
