import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { ToolTranscript, type ToolComponentProps } from '../src/react/index.js';
import { expandCards } from './support/expand-cards.js';
import { EXAMPLES, MALFORMED_SENTINEL, MALFORMED_YAML, UNCLOSED } from './support/transcripts.js';

/**
 * What a user sees when something is wrong: a malformed block, a block never closed, a custom
 * renderer that throws, a stream that fails. The transcript never breaks; the failing call says why.
 */
const meta = {
  title: 'Transcript/Error cases',
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: '46rem' }}><Story /></div>],
  argTypes: { text: { control: 'text' } },
  render: ({ text }) => <ToolTranscript text={text} />,
} satisfies Meta<{ text: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A fence whose YAML does not parse: an `output-error` card whose error names the line, and the text after it. */
export const MalformedYaml: Story = {
  args: { text: MALFORMED_YAML },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', { name: 'Tool call create_ticket' });
    await expect(card).toHaveAttribute('data-status', 'output-error');
    const error = card.querySelector('[data-slot="tool-call-error"] code')!;
    await expect(error).toBeVisible();
    await expect(error.textContent).toMatch(/line \d+/i);
    await expect(canvas.getByText(/the rest of the message still renders/)).toBeVisible();
  },
};

/** A sentinel whose `arguments` string is not valid JSON: an `output-error` card that says so. */
export const MalformedSentinelArguments: Story = {
  args: { text: MALFORMED_SENTINEL },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', { name: 'Tool call lint' });
    await expect(card).toHaveAttribute('data-status', 'output-error');
    await expect(within(card).getAllByText('Error')).toHaveLength(2);
    await expect(within(card).getByText(/arguments.*not valid JSON/)).toBeVisible();
    await expect(canvas.getByText('Done.')).toBeVisible();
  },
};

/**
 * The text ends inside a block and is complete (`streaming` not set): the call is finished
 * best-effort from what was written — its input is all there, and it is not left spinning.
 */
export const UnclosedBlock: Story = {
  args: { text: UNCLOSED },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call write_file' });
    await expect(card).toHaveAttribute('data-status', 'input-available');
    // A finished transcript: the call was made ("Called"), nothing runs; open it to read the input.
    await expect(within(card).getByText('Called')).toBeVisible();
    await expandCards(card);
    await expect(within(card).getByText(/CREATE INDEX CONCURRENTLY idx_orders_user/, { selector: 'code .tt-line' })).toBeVisible();
    await expect(within(card).queryByRole('progressbar')).toBeNull();
  },
};

/** The same unclosed text while the message is still arriving (`streaming`): the card is receiving input. */
export const UnclosedBlockStreaming: Story = {
  args: { text: UNCLOSED },
  render: ({ text }) => <ToolTranscript text={text} streaming />,
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call write_file' });
    await expect(card).toHaveAttribute('data-status', 'input-streaming');
    await expect(within(card).getByText('Receiving input')).toBeVisible();
    await expect(within(card).getByRole('progressbar', { name: 'Receiving input' })).toBeVisible();
  },
};

function BrokenChart(_props: ToolComponentProps): never {
  throw new Error('chart data is missing the "series" field');
}
const brokenTools = { search: BrokenChart };

/**
 * `toolComponents={{ search: BrokenChart }}` where `BrokenChart` throws: the error boundary shows the
 * default card and what went wrong; the other call and the text render as usual.
 */
export const RendererThrows: Story = {
  args: { text: EXAMPLES.fence },
  render: ({ text }) => <ToolTranscript text={text} toolComponents={brokenTools} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', { name: 'Tool call search' });
    await expect(within(card).getByText(/The custom renderer for “search” failed: chart data is missing the "series" field/)).toBeVisible();
    // The default card's parts are still there, in the call's own state.
    await expect(within(card).getByText('Completed')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Tool call map-directions' })).toHaveAttribute('data-status', 'output-error');
    await expect(canvas.getByText(/here is the address instead/)).toBeVisible();
  },
};

/** A stream that errors half way through a block. */
function failingStream(text: string, failAt: number): ReadableStream<string> {
  let sent = false;
  return new ReadableStream<string>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(text.slice(0, failAt));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      controller.error(new Error('connection reset by peer'));
    },
  });
}

function FailingTranscript({ text }: { text: string }) {
  const stream = useMemo(() => failingStream(text, text.indexOf('mode: walking')), [text]);
  return <ToolTranscript stream={stream} />;
}

/**
 * `<ToolTranscript stream>` whose stream errors while a block is open: the open call becomes
 * `output-error` (interrupted), the transcript says why below it, and everything already shown stays.
 */
export const StreamFails: Story = {
  args: { text: EXAMPLES.fence },
  render: ({ text }) => <FailingTranscript text={text} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-transcript-status="error"]')).not.toBeNull(), { timeout: 5_000 });
    const open = canvas.getByRole('group', { name: 'Tool call map-directions' });
    await expect(open).toHaveAttribute('data-status', 'output-error');
    await expect(within(open).getByText('The response stopped before this call was complete.')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(/connection reset by peer/);
    await expect(canvas.getByRole('group', { name: 'Tool call search' })).toHaveAttribute('data-status', 'output-available');
  },
};
