import type { JsonSchema, SyntaxDescription, ToolDefinition } from '../../types.js';
import { exampleValue, placeholder } from '../../json-schema/examples.js';
import { propertiesOf, requiredOf } from '../../json-schema/read.js';
import { fromPositional, isPositionalInput, positionalLayout, toPositional, type PositionalLayout } from './positional.js';

const RULES = [
  'Write each tool call as `🛠️[` followed by the tool name, its arguments and `]`, a line break, the body, and `🛠️[/end]`.',
  '- The arguments are words separated by spaces, in the order each tool lists them below; a word cannot hold a space or `]`. Numbers and booleans are written as words.',
  '- An optional argument can be left out only when every argument after it is left out too.',
  '- An array argument comes last: one word per item.',
  '- The body is the text up to `🛠️[/end]`, written as is, on as many lines as it needs, with no escaping.',
  '- A call without a body can be written `🛠️[name arguments /]`.',
].join('\n');

/**
 * The emoji syntax's calls carry only words and a body: a tool's named
 * parameters are laid out positionally (see {@link positionalLayout}) to
 * describe it, and a block's `{args, body}` is mapped back onto them.
 */
export const emojiDescription: SyntaxDescription = {
  rules: RULES,
  exampleInput(input, tool) {
    const layout = layoutFor(tool);
    if (!layout) return input;
    const words = wordSafe(withWordsBeforeRest(input, layout, tool.inputSchema), layout);
    const { args, body } = toPositional(words, layout);
    return { args, body: body ?? '' };
  },
  toolNote(tool) {
    const layout = layoutFor(tool);
    return layout && positionalNote(layout, tool.inputSchema);
  },
};

/** Layouts by tool definition (`null`: the schema has `args` itself, or cannot be laid out). */
const layouts = new WeakMap<ToolDefinition, PositionalLayout | null>();

/** Maps an emoji block's `{args, body}` onto `tool`'s named parameters; other input is left as it is. */
export function mapEmojiInput(input: unknown, tool: ToolDefinition): unknown {
  if (!isPositionalInput(input)) return input;
  let layout = layouts.get(tool);
  if (layout === undefined) {
    try {
      layout = layoutFor(tool) ?? null;
    } catch {
      layout = null;
    }
    layouts.set(tool, layout);
  }
  return layout ? fromPositional(input, layout, requiredOf(tool.inputSchema)) : input;
}

/** The positional layout of a tool, or `undefined` when its schema is `{args, body}`-shaped already. Throws for a tool words cannot carry. */
function layoutFor(tool: ToolDefinition): PositionalLayout | undefined {
  const properties = tool.inputSchema?.properties;
  if (properties && Object.hasOwn(properties, 'args')) return undefined;
  return positionalLayout(tool.inputSchema, tool.name);
}

/**
 * An array parameter takes the words after all the others, so an example
 * that gives it gives every word parameter before it too (from its schema).
 */
function withWordsBeforeRest(input: Record<string, unknown>, layout: PositionalLayout, schema: JsonSchema | undefined): Record<string, unknown> {
  if (layout.rest === undefined || !Object.hasOwn(input, layout.rest)) return input;
  const properties = new Map(propertiesOf(schema));
  const filled = { ...input };
  for (const key of layout.args) {
    if (!Object.hasOwn(filled, key) || filled[key] === undefined) filled[key] = exampleValue(properties.get(key), key);
  }
  return filled;
}

/** The input with every word value that is not a word (a space, `]`, empty, a lone `/`) replaced by its placeholder. */
function wordSafe(input: Record<string, unknown>, layout: PositionalLayout): Record<string, unknown> {
  const safe = { ...input };
  for (const key of layout.args) {
    if (Object.hasOwn(safe, key) && !isWord(safe[key])) safe[key] = placeholder(key);
  }
  const rest = layout.rest;
  if (rest !== undefined && Array.isArray(safe[rest])) {
    safe[rest] = (safe[rest] as unknown[]).map((item) => (isWord(item) ? item : placeholder(rest)));
  }
  return safe;
}

function isWord(value: unknown): boolean {
  const text = String(value);
  return /^[^\s\]]+$/.test(text) && text !== '/';
}

/** How a tool's parameters map onto the words and body, as a line for the prompt. */
function positionalNote(layout: PositionalLayout, schema: JsonSchema | undefined): string {
  const required = requiredOf(schema);
  const words = layout.args.map((key) => (required.has(key) ? `\`${key}\`` : `\`${key}\` (optional)`));
  if (layout.rest !== undefined) words.push(`then \`${layout.rest}\`: every remaining word, one per item`);
  const parts = [words.length === 0 ? 'no arguments' : `arguments in this order: ${words.join(', ')}`];
  parts.push(layout.body === undefined ? 'no body' : `the body is \`${layout.body}\``);
  return `Written as: ${parts.join('; ')}.`;
}
