import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { parseTranscript, type TranscriptChunk } from '../src/index.js';
import { ToolTranscript } from '../src/react/index.js';
import type { TranscriptMessage } from '../src/store/index.js';

/**
 * Reasoning blocks (`<think>…</think>` of DeepSeek-R1, Qwen3, GLM, Kimi, MiniMax; `<seed:think>`
 * of Seed-OSS), and the AI SDK's `reasoning` parts: a disclosure, open while the model thinks,
 * collapsed once it is done, marked when the response stopped inside it. A call written while
 * thinking is part of the reasoning, not a card.
 */
const meta = {
  title: 'Transcript/Reasoning',
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: '42rem' }}><Story /></div>],
  render: ({ chunks, streaming }) => <ToolTranscript chunks={chunks} streaming={streaming} />,
} satisfies Meta<{ chunks: TranscriptChunk[]; streaming: boolean }>;

export default meta;
type Story = StoryObj<typeof meta>;

const THOUGHT = [
  'The user wants the weather in Paris. I could call',
  '<tool_call>{"name": "weather", "arguments": {"city": "Paris"}}</tool_call>',
  'right away — but first check whether they said which day.',
  '',
  'They did not: today, then.',
].join('\n');

const ANSWER = '\n\nLet me look that up.\n<tool_call>{"name": "weather", "arguments": {"city": "Paris"}}</tool_call>\n';

/** Still thinking: open, "Thinking…", the text so far. */
export const Streaming: Story = {
  args: { chunks: parseTranscript(`<think>${THOUGHT.slice(0, 90)}`), streaming: true },
  play: async ({ canvasElement }) => {
    const details = canvasElement.querySelector<HTMLDetailsElement>('details.tt-reasoning')!;
    await expect(details).toHaveAttribute('data-status', 'streaming');
    await expect(details.open).toBe(true);
    await expect(within(details).getByText('Thinking…')).toBeVisible();
  },
};

/** Done: collapsed to "Reasoning"; a click opens it. The call inside the reasoning is no card, the one after it is. */
export const Done: Story = {
  args: { chunks: parseTranscript(`<think>${THOUGHT}</think>${ANSWER}`), streaming: false },
  play: async ({ canvasElement }) => {
    const details = canvasElement.querySelector<HTMLDetailsElement>('details.tt-reasoning')!;
    await expect(details).toHaveAttribute('data-status', 'done');
    await expect(details.open).toBe(false);
    await userEvent.click(within(details).getByText('Reasoning'));
    await expect(details.open).toBe(true);
    await expect(canvasElement.querySelectorAll('[data-tool-call-id]')).toHaveLength(1);
  },
};

/** The response stopped inside the reasoning (`streaming={false}` with the block unclosed). */
export const CutOff: Story = {
  args: { chunks: parseTranscript(`<think>${THOUGHT.slice(0, 120)}`), streaming: false },
  play: async ({ canvasElement }) => {
    const details = canvasElement.querySelector<HTMLDetailsElement>('details.tt-reasoning')!;
    await expect(details).toHaveAttribute('data-status', 'cut-off');
    await expect(within(details).getByText('Reasoning (cut off)')).toBeVisible();
  },
};

/** Seed-OSS writes `<seed:think>`; the block reads the same. */
export const SeedThink: Story = {
  args: { chunks: parseTranscript(`<seed:think>${THOUGHT}</seed:think>The forecast follows.`), streaming: false },
};

const MESSAGE: TranscriptMessage = {
  id: 'm1',
  parts: [
    { type: 'step-start' },
    { type: 'reasoning', text: 'A provider that streams reasoning natively: the AI SDK part, shown the same way.', state: 'done' },
    { type: 'text', text: 'Here is the answer.', state: 'done' },
  ],
};

/** `<ToolTranscript message>`: an AI SDK message's `reasoning` part. */
export const FromMessage: StoryObj = {
  render: () => <ToolTranscript message={MESSAGE} streaming={false} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('details.tt-reasoning')).toHaveAttribute('data-status', 'done');
  },
};

/** Dark theme: the same disclosure under `data-theme="dark"`. */
export const Dark: Story = {
  args: Done.args,
  decorators: [(Story) => <div data-theme="dark" style={{ background: '#0d1117', color: '#e6edf3', padding: '1rem' }}><Story /></div>],
};
