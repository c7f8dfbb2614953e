import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { TranscriptChunk } from '../src/index.js';
import { ToolTranscript, type ToolComponentProps } from '../src/react/index.js';
import { toolChunk } from './support/tool-chunks.js';

/**
 * How cards read in the places #22 found wanting: an answered approval on a finished card, a
 * display-only transcript while it streams, an input with nothing yet, long values, and calls
 * separated only by whitespace.
 */
const meta = {
  title: 'Tool card/Details',
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: '42rem' }}><Story /></div>],
  args: { streaming: false },
  render: ({ chunks, text, streaming, onToolOutput }) =>
    text !== undefined ? (
      <ToolTranscript text={text} streaming={streaming} onToolOutput={onToolOutput} />
    ) : (
      <ToolTranscript chunks={chunks ?? []} streaming={streaming} onToolOutput={onToolOutput} />
    ),
} satisfies Meta<{
  chunks?: TranscriptChunk[];
  text?: string;
  streaming: boolean;
  onToolOutput?: ToolComponentProps['onToolOutput'];
}>;

export default meta;
type Story = StoryObj<typeof meta>;

const DELETE = { toolName: 'delete_files', input: { glob: '/var/log/*.old' } };

/** After Approve the call ran: collapsed to "Completed", and the approval stays in view under the header. */
export const ApprovedThenCompleted: Story = {
  args: {
    chunks: [
      toolChunk('output-available', { ...DELETE, toolCallId: 'a', approval: { id: 'approval-1', approved: true, reason: 'Only the .old files.' }, output: { deleted: 3 } }),
      toolChunk('output-denied', { ...DELETE, toolCallId: 'd', approval: { id: 'approval-2', approved: false, reason: 'Keep them for the audit.' } }),
    ],
  },
  play: async ({ canvasElement }) => {
    const [approved, denied] = within(canvasElement).getAllByRole('group', { name: 'Tool call delete_files' });
    await expect(approved).toHaveAttribute('data-state', 'closed');
    await expect(within(approved!).getByText('Completed')).toBeVisible();
    await expect(within(approved!).getByText('Approved')).toBeVisible();
    await expect(within(approved!).getByText('Only the .old files.')).toBeVisible();
    await expect(within(denied!).getByText('Keep them for the audit.')).toBeVisible();
  },
};

/**
 * A display-only route while the response streams (no `onToolOutput`): a call written in text is
 * "Called", nothing spins; with `onToolOutput` (a client tool) it would be "Running".
 */
export const DisplayOnlyWhileStreaming: Story = {
  args: {
    streaming: true,
    text: 'Looking it up.\n\n```tool search\ninput:\n  query: tide tables Brest\n```\n\nStill writing the ans',
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(within(card).getByText('Called')).toBeVisible();
    await expect(within(card).queryByText('Running')).toBeNull();
    await expect(card.querySelector('svg[data-icon="called"]')).not.toBeNull();
  },
};

/** The same with a client that answers calls (`onToolOutput`): the call runs. */
export const ClientToolWhileStreaming: Story = {
  args: { ...DisplayOnlyWhileStreaming.args, onToolOutput: fn() },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(within(card).getByText('Running')).toBeVisible();
  },
};

/** A call whose input has not started: a placeholder, not `{}`. */
export const WaitingForInput: Story = {
  args: { streaming: true, chunks: [toolChunk('input-streaming', { toolName: 'write_file', input: {}, closed: false })] },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call write_file' });
    await expect(within(card).getByText('Waiting for the input…')).toBeVisible();
    await expect(within(card).queryByText('{}')).toBeNull();
  },
};

const SUMMARY =
  'The quarterly report summarises revenue growth across all regions, explains the variance in operating costs against the forecast, and lists the three risks the board asked about.';

/** Long values: a long JSON string wraps at word boundaries under its key; a tall file body scrolls with a shade at the edge. */
export const LongValues: Story = {
  args: {
    chunks: [
      toolChunk('output-available', {
        toolName: 'write_file',
        input: {
          path: 'reports/q3.md',
          meta: { title: 'Q3 report', summary: SUMMARY },
          content: Array.from({ length: 60 }, (_, index) => `${index + 1}. Finding number ${index + 1}: see the appendix.`).join('\n'),
        },
        output: { written: true },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call write_file' });
    await expect(within(card).getByText('content')).toBeInTheDocument();
  },
};

/** Calls with only whitespace between them (a blank line, the middleware's line break): one gap apart, no empty item. */
export const CallsBackToBack: Story = {
  args: {
    text: 'Reading both files.\n\n🛠️[read_file a.md /]\n🛠️[read_file b.md /]\n\n```tool search\ninput: {q: cats}\n```\n\nDone.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('group', { name: /^Tool call / })).toHaveLength(3);
    await expect(canvasElement.querySelectorAll('[data-slot="transcript-text"]')).toHaveLength(2);
    // The emoji calls have no body: none in the summary.
    for (const summary of canvasElement.querySelectorAll('[data-slot="tool-call-summary"]')) await expect(summary.textContent).not.toContain('body');
  },
};
