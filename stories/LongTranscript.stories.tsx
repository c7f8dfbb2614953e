import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ToolTranscript } from '../src/react/index.js';
import { longTranscript } from './support/transcripts.js';

const LONG = longTranscript(100_000);

/**
 * A transcript of 100 KB: hundreds of markdown sections and tool calls (fences with output, caret
 * blocks). Rendered from `text` in one go.
 */
const meta = {
  title: 'Transcript/Long',
  parameters: { layout: 'padded' },
  args: { text: LONG.text },
  argTypes: { text: { control: false } },
  render: ({ text }) => <ToolTranscript text={text} style={{ maxWidth: '46rem' }} />,
} satisfies Meta<{ text: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 100 KB, every call a card, the last section rendered. */
export const Long100KB: Story = {
  name: 'Long (100 KB)',
  parameters: {
    a11y: {
      // axe over all ~900 cards and sections takes 15–20 s on a 2-core machine; the first sections
      // (text, fences with output, caret blocks) are the same markup as the rest and as the other
      // stories, which are checked whole.
      context: { include: ['.tt-transcript > :nth-child(-n+12)'] },
    },
  },
  play: async ({ canvasElement, args }) => {
    await expect(new TextEncoder().encode(args.text).length).toBeGreaterThanOrEqual(100_000);
    const canvas = within(canvasElement);
    const cards = canvasElement.querySelectorAll('[data-slot="tool-call"]');
    await expect(cards.length).toBe(LONG.calls);
    await expect(cards[cards.length - 1]).toHaveAttribute('data-tool-call-id', `tool-call-${LONG.calls}`);
    const sections = LONG.calls / 2;
    await expect(canvas.getByRole('heading', { name: `Step ${sections}` })).toBeInTheDocument();
  },
};
