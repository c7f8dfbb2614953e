import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { parseTranscript, type SyntaxName, type ToolDefinition } from '../src/index.js';
import { ToolTranscript } from '../src/react/index.js';
import { ReplayPlayer } from './support/ReplayPlayer.js';
import { EXAMPLES } from './support/transcripts.js';

/** The tools the tool-name XML session calls (an element named after a given tool is a call). */
const AGENT_TOOLS: readonly ToolDefinition[] = [
  { name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'write_to_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
];

interface FamilyArgs {
  /** The syntaxes of the family, each shown with its realistic transcript (`examples/<syntax>.md`). */
  syntaxes: readonly SyntaxName[];
}

/** The options a syntax's example is read with: the default syntaxes (the tool-name XML session also needs its tools). */
const optionsFor = (syntax: SyntaxName) => (syntax === 'tooltags' ? { tools: AGENT_TOOLS } : {});

/**
 * What models write natively, one family per story, each transcript read with the DEFAULT
 * options (`<ToolTranscript text>` with no `syntaxes`): the formats open-weight models are trained
 * on, as the inference servers' parsers read them. Markdown for the prose, a card per call, a
 * collapsible part for reasoning.
 */
const meta = {
  title: 'Transcript/Native formats',
  parameters: { layout: 'padded' },
  argTypes: { syntaxes: { control: false } },
  render: ({ syntaxes }) => (
    <div style={{ maxWidth: '46rem', display: 'grid', gap: '1.5rem' }}>
      {syntaxes.map((syntax) => (
        <section key={syntax} aria-label={syntax} data-syntax={syntax}>
          <h3 style={{ margin: '0 0 0.5rem', fontSize: '0.9rem', fontFamily: 'ui-monospace, monospace' }}>{syntax}</h3>
          <ToolTranscript text={EXAMPLES[syntax]} {...optionsFor(syntax)} />
        </section>
      ))}
    </div>
  ),
} satisfies Meta<FamilyArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every section shows one card per call the parser reads in its transcript, named after its
 * tool and of its syntax, and none of the format's markers is left on screen as prose.
 */
async function expectCards(canvasElement: HTMLElement, syntaxes: readonly SyntaxName[], markers: RegExp) {
  for (const syntax of syntaxes) {
    const section = within(canvasElement).getByRole('region', { name: syntax });
    const calls = parseTranscript(EXAMPLES[syntax], optionsFor(syntax)).flatMap((chunk) => (chunk.type === 'tool' ? [chunk] : []));
    await expect(calls.length, `${syntax}: the example holds calls`).toBeGreaterThan(0);
    await expect(calls.map((call) => call.syntax)).toEqual(calls.map(() => syntax));
    const shown = within(section)
      .queryAllByRole('group', { name: /^Tool call / })
      .map((card) => card.dataset.toolName);
    await expect(shown).toEqual(calls.map((call) => call.toolName));
    await expect(within(section).queryByText(markers)).toBeNull();
  }
}

/** `<tool_call>` opens three formats, decided by what follows: hermes (`{`), Qwen3-Coder (`<function=`), GLM (a name). */
export const ToolCallFamily: Story = {
  args: { syntaxes: ['hermes', 'qwen3coder', 'glm'] },
  play: async ({ canvasElement, args }) => expectCards(canvasElement, args.syntaxes, /<\/?tool_call>|<function=|<arg_key>/),
};

/** Invoke-shaped XML: MiniMax-M2, DeepSeek V3.2 DSML, and `<function_calls><invoke>` of prompted models. */
export const InvokeFamily: Story = {
  args: { syntaxes: ['minimax', 'dsml', 'invoke'] },
  play: async ({ canvasElement, args }) => expectCards(canvasElement, args.syntaxes, /<\/?(minimax:tool_call|invoke|function_calls)|DSML/),
};

/** Special tokens that reach the text when a server passes them through: DeepSeek V3/R1, Kimi K2, gpt-oss harmony. */
export const SpecialTokens: Story = {
  args: { syntaxes: ['deepseek', 'kimi', 'harmony'] },
  play: async ({ canvasElement, args }) => expectCards(canvasElement, args.syntaxes, /tool▁calls|tool_calls_section|<\|call\|>/),
};

/** A marker, then a JSON list or object: Mistral, Granite, Jamba / Hunyuan, Phi-4-mini, InternLM. */
export const JsonAfterAMarker: Story = {
  args: { syntaxes: ['mistral', 'granite', 'toolcalls', 'phi4', 'internlm'] },
  play: async ({ canvasElement, args }) => expectCards(canvasElement, args.syntaxes, /\[TOOL_CALLS\]|<\|tool_call\|>|<\/?tool_calls>|functools\[|<\|action_start\|>/),
};

/** Calls written as code: Gemma 4's `call:NAME{…}` and the pythonic lists of LFM2 and OLMo 3. */
export const CallsAsCode: Story = {
  args: { syntaxes: ['gemma', 'lfm2', 'olmo3'] },
  play: async ({ canvasElement, args }) => expectCards(canvasElement, args.syntaxes, /<\|tool_call>|<\|tool_call_start\|>|<\/?function_calls>/),
};

/** Coding agents' tool-name XML (`<read_file><path>…</path></read_file>`), read for the tools given. */
export const AgentToolTags: Story = {
  args: { syntaxes: ['tooltags'] },
  play: async ({ canvasElement, args }) => expectCards(canvasElement, args.syntaxes, /<\/?read_file>|<\/?write_to_file>/),
};

/**
 * A Qwen3-Coder transcript streamed into a store a few characters at a time: the card appears at
 * the opener, named once `<function=NAME>` is read, its parameters showing as they arrive.
 */
export const StreamingQwen3Coder: StoryObj<typeof ReplayPlayer> = {
  render: (args) => (
    <div style={{ maxWidth: '46rem' }}>
      <ReplayPlayer {...args} />
    </div>
  ),
  args: { text: EXAMPLES.qwen3coder, speed: 40, chunkSize: 6, autoPlay: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await canvas.findByRole('group', { name: /^Tool call / }, { timeout: 10_000 });
    await expect(card.dataset.toolName).not.toBe('tool');
  },
};
