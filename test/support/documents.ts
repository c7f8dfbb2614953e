/**
 * fast-check arbitraries for transcripts: prose, markdown, code that contains
 * markers, and tool blocks of every registered syntax (written by the
 * syntax's own `format`, then sometimes cut short or corrupted).
 */
import fc from 'fast-check';
import type { ToolSyntax } from '../../src/index.js';
import type { FormatCall } from '../../src/types.js';

/** Characters that matter to some syntax or to markdown, mixed into prose. */
const SPECIAL = ['`', '```', '~~~', '^', '^^^', '<', '>', '[', ']', '[[', ']]', '{', '}', '"', '\\', '/', '🛠', '🛠️', '🛠️[', '😀', '\uFE0F', '\uD83D', '\uDEE0', '\r', '\n', '\r\n', '\0', ' ', '\t', '-', '---', ':', '='];

const word = fc.oneof(
  fc.constantFrom('the', 'tool', 'call', 'search', 'file', 'name', 'id', 'input', 'ok', 'end', 'SEG_START', 'SEG_END', 'arg', 'param'),
  fc.string({ maxLength: 6 }),
);

/** A line of prose that may hold marker-like characters. */
export const prose = fc
  .array(fc.oneof({ weight: 4, arbitrary: word }, { weight: 2, arbitrary: fc.constantFrom(...SPECIAL) }), { maxLength: 10 })
  .map((parts) => parts.join(' '));

const markdownLine = fc.oneof(
  prose,
  prose.map((p) => `- ${p}`),
  prose.map((p) => `# ${p}`),
  prose.map((p) => `> ${p}`),
  prose.map((p) => `\`${p}\``),
  prose.map((p) => `**${p}**`),
);

/** A small tool call: names and inputs with awkward characters. */
export const toolCall: fc.Arbitrary<FormatCall> = fc.record(
  {
    toolName: fc.oneof(fc.constantFrom('search', 'write_file', 'run_bash', 'read_files', 'x'), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/)),
    toolCallId: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/), { nil: undefined }),
    input: fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/),
      fc.oneof(prose, fc.integer(), fc.boolean(), fc.array(prose, { maxLength: 3 })),
      { maxKeys: 3 },
    ),
    output: fc.oneof(prose, fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), prose, { maxKeys: 2 })),
    errorText: prose,
    state: fc.constantFrom('input-available', 'output-available', 'output-error', 'input-streaming' as const),
  },
  { requiredKeys: ['toolName', 'input'] },
);

/** The emoji syntax carries `{args, body}` only: map a generic call onto it. */
function inputFor(syntax: ToolSyntax, call: FormatCall): FormatCall {
  if (syntax.name !== 'emoji') return call;
  // Emoji blocks carry no output, error or state.
  const values = Object.values(call.input as Record<string, unknown>);
  const args = values.filter((v): v is string => typeof v === 'string' && /^[^\s\]]+$/.test(v) && v !== '/');
  return { toolName: call.toolName, input: { args, body: values.map(String).join('\n') } };
}

/** A block written by `syntax.format`, or '' when the syntax cannot express the call. */
function formatted(syntax: ToolSyntax, call: FormatCall): string {
  try {
    return syntax.format(inputFor(syntax, call));
  } catch {
    return '';
  }
}

/** A block of one of `syntaxes`: whole, cut short (unclosed), or with a unit replaced. */
export function toolBlock(syntaxes: readonly ToolSyntax[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...syntaxes), toolCall, fc.nat(), fc.constantFrom('whole', 'whole', 'cut', 'corrupt'), fc.constantFrom(...SPECIAL))
    .map(([syntax, call, at, how, junk]) => {
      const block = formatted(syntax, call);
      if (how === 'whole' || block === '') return block;
      const position = at % (block.length + 1);
      if (how === 'cut') return block.slice(0, position);
      return block.slice(0, position) + junk + block.slice(position + 1);
    });
}

/** Markers of every syntax wrapped in code: fenced code of another language, or inline code spans. */
export function codeWrapped(syntaxes: readonly ToolSyntax[]): fc.Arbitrary<string> {
  return fc
    .tuple(toolBlock(syntaxes), fc.constantFrom('```text', '```md', '~~~', '````', '```python'))
    .map(([block, fence]) => {
      const run = fence.startsWith('~') ? '~~~' : fence.replace(/[a-z]+$/, '');
      const longest = Math.max(0, ...(block.match(/[`~]+/g) ?? []).map((r) => r.length));
      const open = run[0]!.repeat(Math.max(run.length, longest + 1));
      return `${open}${fence.replace(/^[`~]+/, '')}\n${block}\n${open}\n`;
    });
}

/** An inline code span around a one-line marker (longer backtick run than any inside). */
export function inlineCode(syntaxes: readonly ToolSyntax[]): fc.Arbitrary<string> {
  return toolBlock(syntaxes)
    .filter((block) => block !== '' && !/[\r\n]/.test(block))
    .map((block) => {
      const longest = Math.max(0, ...(block.match(/`+/g) ?? []).map((r) => r.length));
      const ticks = '`'.repeat(longest + 1);
      return `see ${ticks} ${block} ${ticks} here`;
    });
}

/**
 * A reasoning block (`<think>…</think>`, `<seed:think>…</seed:think>`) whose body holds prose and
 * tool blocks (which stay reasoning text): whole, cut short, or with its closer broken; sometimes
 * in an inline code span or fenced code (text then).
 */
export function reasoningBlock(syntaxes: readonly ToolSyntax[]): fc.Arbitrary<string> {
  const tags = fc.constantFrom(['<think>', '</think>'], ['<think>', '</think>'], ['<seed:think>', '</seed:think>'], ['<think>', '</seed:think>'], ['◁think▷', '◁/think▷']);
  const body = fc
    .array(fc.oneof({ weight: 3, arbitrary: prose }, { weight: 1, arbitrary: toolBlock(syntaxes) }, { weight: 2, arbitrary: fc.constantFrom('\n', '\n\n', '<think>', '</thi', '`') }), { maxLength: 3 })
    .map((parts) => parts.join(''));
  return fc
    .tuple(tags, body, fc.nat(), fc.constantFrom('whole', 'whole', 'whole', 'cut', 'broken', 'code', 'inline'))
    .map(([[open, close], text, at, how]) => {
      const block = `${open}${text}${close}`;
      if (how === 'cut') return block.slice(0, at % (block.length + 1));
      if (how === 'broken') return `${open}${text}${close.slice(0, close.length - 1)}`;
      if (how === 'code') return `\n\`\`\`\`text\n${open}${text}\n\`\`\`\`\n`;
      if (how === 'inline') return `see \`${open}\` here`;
      return block;
    });
}

/** A transcript mixing markdown, code with markers, tool blocks and reasoning blocks. */
export function transcript(syntaxes: readonly ToolSyntax[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: markdownLine },
    { weight: 3, arbitrary: toolBlock(syntaxes) },
    { weight: 1, arbitrary: codeWrapped(syntaxes) },
    { weight: 1, arbitrary: inlineCode(syntaxes) },
    { weight: 1, arbitrary: reasoningBlock(syntaxes) },
    { weight: 1, arbitrary: fc.constant('') },
  );
  return fc
    .array(fc.tuple(piece, fc.constantFrom('\n', '\n\n', '\r\n', ' ', '')), { maxLength: 8 })
    .map((parts) => parts.map(([p, sep]) => p + sep).join(''));
}

/** Cut positions for a text of length `n`. */
export const cuts = fc.array(fc.nat(), { maxLength: 12 });
