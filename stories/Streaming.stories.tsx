import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ToolTranscript } from '../src/react/index.js';
import { ReplayPlayer } from './support/ReplayPlayer.js';
import { EXAMPLES, MIXED } from './support/transcripts.js';

/**
 * Transcripts arriving delta by delta. `ReplayPlayer` feeds a transcript store `chunkSize`
 * characters `speed` times a second (Play, Pause, Step, Restart); cards appear at their opener in
 * `input-streaming` and show their input as it is written.
 */
const meta = {
  title: 'Streaming',
  component: ReplayPlayer,
  parameters: { layout: 'padded' },
  args: { text: MIXED, speed: 30, chunkSize: 12, autoPlay: true },
  argTypes: {
    text: { control: 'text' },
    speed: { control: { type: 'range', min: 1, max: 250, step: 1 }, description: 'Deltas per second' },
    chunkSize: { control: { type: 'range', min: 1, max: 200, step: 1 }, description: 'Characters per delta' },
    autoPlay: { control: 'boolean' },
    syntaxes: { control: false },
    toolComponents: { control: false },
  },
  decorators: [(Story) => <div style={{ maxWidth: '46rem' }}><Story /></div>],
} satisfies Meta<typeof ReplayPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

const positionOf = (canvasElement: HTMLElement): [number, number] => {
  const [done, total] = within(canvasElement).getByTestId('replay-position').textContent!.match(/\d+/g)!.map(Number);
  return [done!, total!];
};

/**
 * The mixed transcript (fence, caret, emoji) replayed at a watchable speed; adjust `speed` and
 * `chunkSize` in the controls. The test pauses it part way, steps and restarts.
 */
export const LiveReplay: Story = {
  args: { speed: 40, chunkSize: 12 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByTestId('replay-status');
    await expect(status).toHaveTextContent('playing');

    // The first card appears at its opener, while its block is still being written.
    const first = await canvas.findByRole('group', { name: 'Tool call search' }, { timeout: 5_000 });
    await expect(within(first).getByText('Receiving input')).toBeVisible();

    // Pause freezes the replay.
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    await expect(status).toHaveTextContent('paused');
    const [paused, total] = positionOf(canvasElement);
    await expect(paused).toBeLessThan(total);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(positionOf(canvasElement)[0]).toBe(paused);

    // Step feeds exactly one delta.
    await userEvent.click(canvas.getByRole('button', { name: 'Step' }));
    await expect(positionOf(canvasElement)[0]).toBe(paused + 12);

    // Restart empties the transcript and plays again from the start.
    await userEvent.click(canvas.getByRole('button', { name: 'Restart' }));
    await expect(status).toHaveTextContent('playing');
    await expect(positionOf(canvasElement)[0]).toBeLessThan(paused);
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
  },
};

/** The same replay at full speed, run to its end twice (Restart in between). */
export const FastReplay: Story = {
  args: { speed: 250, chunkSize: 24 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByTestId('replay-status');
    const runToEnd = async () => {
      await waitFor(() => expect(status).toHaveTextContent('finished'), { timeout: 10_000 });
      await expect(canvas.getByTestId('transcript-status')).toHaveTextContent('transcript: done');
      await expect(positionOf(canvasElement)[0]).toBe(args.text.length);
      const cards = canvas.getAllByRole('group', { name: /^Tool call / });
      await expect(cards.map((card) => card.dataset.status)).toEqual([
        'output-available',
        'output-error',
        'input-available',
        'input-available',
        'input-available',
        'input-available',
        'input-available',
        'input-available',
      ]);
    };
    await runToEnd();
    await userEvent.click(canvas.getByRole('button', { name: 'Restart' }));
    await expect(status).toHaveTextContent('playing');
    await runToEnd();
  },
};

/**
 * Paused at the start: Step feeds one delta at a time. The search card appears in
 * `input-streaming` at its opener and shows its query before the block is closed; Play finishes it.
 */
export const StepThrough: Story = {
  args: { text: EXAMPLES.fence, chunkSize: 10, speed: 250, autoPlay: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stepButton = canvas.getByRole('button', { name: 'Step' });
    const cardNamed = (name: string) => canvas.queryByRole('group', { name: `Tool call ${name}` });

    // Step until the card appears: at the fence's opener, before its body.
    for (let i = 0; i < 40 && !cardNamed('search'); i++) await userEvent.click(stepButton);
    const card = cardNamed('search')!;
    await expect(card).toHaveAttribute('data-status', 'input-streaming');
    await expect(within(card).getByText('Receiving input')).toBeVisible();

    // Step until the query shows in the input, still streaming.
    // Before its first key the input shows a placeholder (no value yet), then the value.
    const input = () => card.querySelector('[data-slot="tool-call-input"]')!.textContent ?? '';
    for (let i = 0; i < 40 && !input().includes('coffee shops near 123 Main St'); i++) await userEvent.click(stepButton);
    await expect(input()).toContain('coffee shops near 123 Main St');
    await expect(card).toHaveAttribute('data-status', 'input-streaming');

    // Play the rest: both calls settle.
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(canvas.getByTestId('replay-status')).toHaveTextContent('finished'), { timeout: 10_000 });
    await expect(cardNamed('search')).toHaveAttribute('data-status', 'output-available');
    await expect(cardNamed('map-directions')).toHaveAttribute('data-status', 'output-error');
  },
};

/** A `ReadableStream<string>` that yields `text` in `chunkSize` pieces, `delayMs` apart. */
function replayStream(text: string, chunkSize: number, delayMs: number): ReadableStream<string> {
  let position = 0;
  return new ReadableStream<string>({
    async pull(controller) {
      if (position >= text.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      controller.enqueue(text.slice(position, position + chunkSize));
      position += chunkSize;
    },
  });
}

function StreamedTranscript({ text, chunkSize, delayMs }: { text: string; chunkSize: number; delayMs: number }) {
  // One stream per mount (a stream can be read once).
  const stream = useMemo(() => replayStream(text, chunkSize, delayMs), [text, chunkSize, delayMs]);
  return <ToolTranscript stream={stream} />;
}

/** `<ToolTranscript stream={readableStream} />`: the sentinel transcript read as it arrives. */
export const ReadableStreamSource: Story = {
  args: { text: EXAMPLES.sentinel, chunkSize: 7, speed: 200 },
  argTypes: { autoPlay: { table: { disable: true } } },
  render: ({ text, chunkSize, speed }) => <StreamedTranscript text={text} chunkSize={chunkSize} delayMs={1000 / speed} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-transcript-status="done"]')).not.toBeNull(), { timeout: 10_000 });
    const cards = canvas.getAllByRole('group', { name: /^Tool call / });
    await expect(cards.map((card) => card.dataset.toolName)).toEqual(['search', 'run_bash', 'write_file']);
    await expect(canvas.getByText(/passes alone, so the cause is shared state/)).toBeVisible();
  },
};
