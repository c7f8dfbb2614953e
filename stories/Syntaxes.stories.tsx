import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SyntaxName } from '../src/index.js';
import { ToolTranscript } from '../src/react/index.js';
import { expandCards } from './support/expand-cards.js';
import { EXAMPLES } from './support/transcripts.js';

interface SyntaxArgs {
  /** The syntax the story is about. */
  syntax: SyntaxName;
  /** The transcript (from `examples/<syntax>.md`). */
  text: string;
}

/**
 * `<ToolTranscript text={…} syntaxes={[syntax]} />` on a realistic transcript of each syntax
 * (`examples/*.md`): markdown for the text, a card per tool call.
 */
const meta = {
  title: 'Transcript/Syntaxes',
  parameters: { layout: 'padded' },
  argTypes: {
    syntax: { control: false },
    text: { control: 'text' },
  },
  render: ({ syntax, text }) => <ToolTranscript text={text} syntaxes={[syntax]} style={{ maxWidth: '46rem' }} />,
} satisfies Meta<SyntaxArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The tool cards of the canvas, as `name:state`. */
function cards(canvasElement: HTMLElement): string[] {
  return within(canvasElement)
    .queryAllByRole('group', { name: /^Tool call / })
    .map((card) => `${card.dataset.toolName}:${card.dataset.status}`);
}

/** ```` ```tool ```` fences with a YAML body: a finished search and a failed directions call. */
export const Fence: Story = {
  args: { syntax: 'fence', text: EXAMPLES.fence },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(cards(canvasElement)).toEqual(['search:output-available', 'map-directions:output-error']);
    await expect(canvas.getByText('Completed')).toBeVisible();
    await expect(canvas.getByText(/Routing service timed out after 30s/)).toBeVisible();
    // Markdown between the blocks: bold, emphasis.
    await expect(canvas.getByText('Local Beans', { selector: 'strong' })).toBeVisible();
    await expect(canvas.queryByText(/```tool/)).toBeNull();
  },
};

/** `^^^name` … `^^^` caret blocks: header params, a `---` body, a multiline value. */
export const Caret: Story = {
  args: { syntax: 'caret', text: EXAMPLES.caret },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Finished calls start collapsed: open them to read their input.
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual(['read_files:input-available', 'replace_in_file:input-available', 'write_file:input-available']);
    // Calls of a finished transcript without a result: "Called".
    await expect(canvas.getAllByText('Called')).toHaveLength(3);
    await expect(canvas.getByText(/Greet users by name/)).toBeVisible();
    await expect(canvas.queryByText(/\^\^\^/)).toBeNull();
  },
};

/** `🛠️[name args] … 🛠️[/end]` anywhere in a line, self-closing `🛠️[name args /]`, and a lone closer that stays text. */
export const Emoji: Story = {
  args: { syntax: 'emoji', text: EXAMPLES.emoji },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Finished calls start collapsed: open them to read their input.
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual(['list-files:input-available', 'create-file:input-available', 'run-command:input-available']);
    await expect(canvas.getByText(/print\(\\?"Hello World\\?"\)/)).toBeVisible();
    // The closer written on its own is text.
    await expect(canvas.getByText(/on its own, like here, is just text/)).toBeVisible();
  },
};

/** XML tags: `<tool name="…">` with `<arg>`s, `<write_file path>`, `<run_bash>`. */
export const Xml: Story = {
  args: { syntax: 'xml', text: EXAMPLES.xml },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Finished calls start collapsed: open them to read their input.
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual(['read_file:input-available', 'write_file:input-available', 'run_bash:input-available']);
    await expect(canvas.getByText(/port = 8080/)).toBeVisible();
    await expect(canvas.queryByText(/<\/?tool/)).toBeNull();
  },
};

/** JSON envelopes at a line start: OpenAI `tool_calls` (two calls), Gemini `{name, args}`, the default `{tool: …}`. */
export const Json: Story = {
  args: { syntax: 'json', text: EXAMPLES.json },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Finished calls start collapsed: open them to read their input.
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual([
      'get_weather:input-available',
      'get_weather:input-available',
      'get_forecast:input-available',
      'search_web:input-available',
    ]);
    await expect(canvas.getByText(/"city": "Tokyo"/)).toBeVisible();
  },
};

/** `[[SEG_START {json}]] … [[SEG_END]]` sentinels: arguments in the header, or a body. */
export const Sentinel: Story = {
  args: { syntax: 'sentinel', text: EXAMPLES.sentinel },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Finished calls start collapsed: open them to read their input.
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual(['search:input-available', 'run_bash:input-available', 'write_file:input-available']);
    await expect(canvas.getByText(/suspect: the shared clock mock/)).toBeVisible();
    await expect(canvas.queryByText(/SEG_START/)).toBeNull();
  },
};

/** `<tool_call>{"name", "arguments"}</tool_call>`: the Hermes / Qwen / most open models' template, read anywhere in a line. */
export const Hermes: Story = {
  args: { syntax: 'hermes', text: EXAMPLES.hermes },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Finished calls start collapsed: open them to read their input.
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual(['get_weather:input-available', 'get_weather:input-available']);
    await expect(canvas.getByText(/"city": "Oslo"/)).toBeVisible();
    await expect(canvas.queryByText(/tool_call/)).toBeNull();
  },
};

/** Opt-in `pythonic` (Llama 3.2 / 4): a bracketed list of Python calls, keyword arguments as the input. */
export const Pythonic: Story = {
  args: { syntax: 'pythonic', text: EXAMPLES.pythonic },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expandCards(canvasElement);
    await expect(cards(canvasElement)).toEqual(['get_weather:input-available', 'get_weather:input-available']);
    await expect(canvas.getByText(/"city": "Paris"/)).toBeVisible();
    await expect(canvas.queryByText(/get_weather\(/)).toBeNull();
  },
};
