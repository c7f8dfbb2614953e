import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ToolTranscript } from '../src/react/index.js';
import { longTranscript } from './support/transcripts.js';

const LONG = longTranscript(100_000);
const HUGE = longTranscript(2_000_000);

/**
 * A transcript of 100 KB: hundreds of markdown sections and tool calls (fences with output, caret
 * blocks). Rendered from `text` in one go.
 */
const meta = {
  title: 'Transcript/Long',
  parameters: { layout: 'padded' },
  args: { text: LONG.text },
  argTypes: { text: { control: false } },
  render: ({ text, deferOffscreen }) => <ToolTranscript text={text} deferOffscreen={deferOffscreen} style={{ maxWidth: '46rem' }} />,
} satisfies Meta<{ text: string; deferOffscreen?: boolean | number }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 100 KB, every call a card, the last section rendered. */
export const Long100KB: Story = {
  name: 'Long (100 KB)',
  // Every group rendered (the default would too: ~1,800 items is under the deferral threshold).
  args: { deferOffscreen: false },
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

/**
 * 2 MB (about 18,000 calls): past 2,048 items, the groups away from the viewport are placeholders
 * holding their source text until they come near it (`deferOffscreen`), so mounting costs the
 * parse and the visible groups only. Scroll down: groups render as they come near.
 */
export const Huge2MB: Story = {
  name: 'Huge (2 MB, off-screen groups deferred)',
  args: { text: HUGE.text },
  parameters: { a11y: { context: { include: ['.tt-transcript > :nth-child(-n+12)'] } } },
  play: async ({ canvasElement }) => {
    const placeholders = () => canvasElement.querySelectorAll('[data-slot="transcript-deferred"]');
    const before = placeholders().length;
    // Most of it waits; the first calls are cards.
    await expect(before).toBeGreaterThan(HUGE.calls / 32);
    await expect(canvasElement.querySelector('[data-tool-call-id="tool-call-1"]')).not.toBeNull();
    // The source text stands in: find in page finds a far call's path.
    const far = [...placeholders()].find((el) => el.textContent!.includes('path: src/module_4000.ts\n'))!;
    await expect(far).toBeDefined();
    far.scrollIntoView();
    await waitFor(() => expect(within(canvasElement).getByRole('heading', { name: 'Step 4000' })).toBeInTheDocument(), { timeout: 5_000 });
    await expect(placeholders().length).toBeLessThan(before);
    window.scrollTo(0, 0);
  },
};
