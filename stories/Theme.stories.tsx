import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TOOL_STATES } from '../src/index.js';
import { ToolCall, ToolTranscript } from '../src/react/index.js';
import { toolChunk } from './support/tool-chunks.js';
import { EXAMPLES, MIXED } from './support/transcripts.js';

/**
 * The default theme (`tool-transcript/styles.css`): light, dark when the system prefers it, or
 * forced with `data-theme="dark"` / `data-theme="light"` on the transcript or any ancestor. The
 * dark transcript paints its own background.
 */
const meta = {
  title: 'Transcript/Theme',
  parameters: { layout: 'fullscreen' },
  args: { text: `${MIXED}\n\n${EXAMPLES.sentinel}` },
  argTypes: { text: { control: 'text' } },
  render: ({ text }) => <ToolTranscript text={text} data-theme="dark" style={{ padding: '1.5rem' }} />,
} satisfies Meta<{ text: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `data-theme="dark"` on the transcript. */
export const Dark: Story = {
  play: async ({ canvasElement }) => {
    const transcript = canvasElement.querySelector<HTMLElement>('.tt-transcript')!;
    await expect(transcript).toHaveAttribute('data-theme', 'dark');
    await expect(getComputedStyle(transcript).backgroundColor).toBe('rgb(13, 17, 23)');
    await expect(getComputedStyle(transcript).color).toBe('rgb(230, 237, 243)');
    await expect(within(canvasElement).getAllByRole('group', { name: /^Tool call / }).length).toBeGreaterThan(0);
  },
};

/** Every card state in the dark theme, forced on an ancestor. */
export const DarkAllStates: Story = {
  render: () => (
    <div data-theme="dark" style={{ display: 'grid', gap: '1rem', padding: '1.5rem', background: '#0d1117' }}>
      {TOOL_STATES.map((state) => (
        <ToolCall key={state} tool={toolChunk(state, { toolCallId: `dark_${state}` })} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole('group', { name: 'Tool call search' });
    await expect(cards.map((card) => card.dataset.status)).toEqual([...TOOL_STATES]);
    // The dark palette reaches the cards: the error badge is light red on dark red.
    const badge = cards[3]!.querySelector<HTMLElement>('[data-slot="tool-call-status"]')!;
    await expect(getComputedStyle(badge).color).toBe('rgb(255, 123, 114)');
  },
};

/** `data-theme="light"` forces the light palette even when the system prefers dark. */
export const Light: Story = {
  render: ({ text }) => <ToolTranscript text={text} data-theme="light" style={{ padding: '1.5rem' }} />,
  play: async ({ canvasElement }) => {
    const transcript = canvasElement.querySelector<HTMLElement>('.tt-transcript')!;
    await expect(getComputedStyle(transcript).color).toBe('rgb(31, 35, 40)');
  },
};
