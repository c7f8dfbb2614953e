import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { StreamFeeder } from './support/StreamFeeder.js';

const TEXT = `## Planning the trip

I'll check the **weather** first, then look for a train. Each lookup is a tool call; the text
around them is revealed at a steady pace while it streams, with a caret at its end.

\`\`\`tool weather w1
input:
  city: Lyon
output:
  summary: Sunny, 24 °C
\`\`\`

Lyon looks good. Now the trains:

- leaving Friday evening
- back on Sunday

\`\`\`tool search_trains t1
input:
  from: Paris
  to: Lyon
\`\`\`

That's everything I need for the plan.
`;

/**
 * `reveal`: streamed text is revealed progressively (a steady rate that speeds up when the
 * stream runs ahead, so it never trails by more than `maxLagMs`), with a caret at its end; a card
 * appears once the text before it is shown. With `prefers-reduced-motion: reduce` the text shows
 * at once.
 */
const meta = {
  title: 'Transcript/Reveal',
  component: StreamFeeder,
  parameters: { layout: 'padded' },
  args: { text: TEXT, chunkSize: 24, interval: 60, transcript: { reveal: true } },
  argTypes: { text: { control: 'text' }, transcript: { control: 'object' } },
  decorators: [(Story) => <div style={{ maxWidth: '46rem' }}><Story /></div>],
} satisfies Meta<typeof StreamFeeder>;

export default meta;
type Story = StoryObj<typeof meta>;

const caret = (root: HTMLElement) => root.querySelector('[data-slot="reveal-caret"]');
const shownText = (root: HTMLElement) => root.querySelector('[data-slot="transcript"]')!.textContent!;

/** Deltas of 24 characters every 60 ms, revealed at the default rate (400 characters a second). */
export const SmoothReveal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A caret at the end of the text while it streams.
    await waitFor(() => expect(caret(canvasElement)).not.toBeNull(), { timeout: 5_000 });
    await expect(caret(canvasElement)).toHaveAttribute('aria-hidden', 'true');
    // Cards come in order, each after the text before it is shown.
    const weather = await canvas.findByRole('group', { name: 'Tool call weather' }, { timeout: 10_000 });
    await expect(shownText(canvasElement)).toContain("I'll check the weather first");
    await waitFor(() => expect(weather).toHaveAttribute('data-status', 'output-available'), { timeout: 5_000 });
    // At the end: the whole text, both cards, and no caret.
    await waitFor(() => expect(canvas.getByText("That's everything I need for the plan.")).toBeInTheDocument(), { timeout: 15_000 });
    await waitFor(() => expect(caret(canvasElement)).toBeNull(), { timeout: 5_000 });
    await expect(canvasElement.querySelectorAll('[data-tool-call-id]')).toHaveLength(2);
  },
};

/**
 * The whole reply in one delta (a burst, as when a tab wakes up): revealed over `maxLagMs`
 * (4 s here) instead of at once; the cards wait for the text before them.
 */
export const BurstCatchUp: Story = {
  args: { chunkSize: 100_000, interval: 300, transcript: { reveal: { maxLagMs: 4_000 } } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="fed"]')).toHaveTextContent(`${TEXT.length} / ${TEXT.length}`), { timeout: 5_000 });
    // Fed whole, shown in part: the first card is not there yet, but the text has begun.
    await expect(canvasElement.querySelector('[data-tool-call-id]')).toBeNull();
    await expect(shownText(canvasElement).length).toBeLessThan(TEXT.length / 2);
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-tool-call-id]')).toHaveLength(2), { timeout: 10_000 });
    await waitFor(() => expect(within(canvasElement).getByText("That's everything I need for the plan.")).toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** A slow reveal (60 characters a second, up to 10 s behind), to look at the caret. */
export const SlowWithCaret: Story = {
  args: { chunkSize: 40, interval: 100, transcript: { reveal: { charactersPerSecond: 60, maxLagMs: 10_000 } } },
  play: async ({ canvasElement }) => {
    // The caret ends the last line of text: inside the heading or paragraph being revealed.
    await waitFor(() => expect(caret(canvasElement)?.closest('h2, p')).toBeTruthy(), { timeout: 5_000 });
  },
};

/** Without `reveal`: each delta shows as it arrives, no caret. */
export const WithoutReveal: Story = {
  args: { transcript: {} },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-tool-call-id]')).toHaveLength(2), { timeout: 15_000 });
    await expect(caret(canvasElement)).toBeNull();
  },
};
