import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { TranscriptMessage } from '../src/store/index.js';
import { ToolTranscript, type ToolComponentProps } from '../src/react/index.js';
import { INTERRUPTED_TEXT } from '../src/react/interrupted.js';
import type { TranscriptChunk } from '../src/index.js';
import { toolChunk } from './support/tool-chunks.js';

/**
 * The human-in-the-loop states of the AI SDK, and a response that stopped: what `useChat`'s
 * `addToolApprovalResponse` and `addToolOutput` plug into (`onToolApprovalResponse`, `onToolOutput`),
 * and what `streaming={false}` does to a call that was still receiving its input.
 */
const meta = {
  title: 'Tool card/Lifecycle',
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: '42rem' }}><Story /></div>],
  args: { onToolApprovalResponse: fn(), onToolOutput: fn() },
  render: ({ chunks, onToolApprovalResponse, onToolOutput }) => (
    <ToolTranscript chunks={chunks} onToolApprovalResponse={onToolApprovalResponse} onToolOutput={onToolOutput} />
  ),
} satisfies Meta<{
  chunks: TranscriptChunk[];
  onToolApprovalResponse: ToolComponentProps['onToolApprovalResponse'];
  onToolOutput: ToolComponentProps['onToolOutput'];
}>;

export default meta;
type Story = StoryObj<typeof meta>;

const DELETE = { toolName: 'delete_files', input: { glob: '/var/log/*.old' } };

/** The call waits for a person: Approve and Deny answer with the part's `approval.id`. */
export const ApprovalRequested: Story = {
  args: { chunks: [toolChunk('approval-requested', { ...DELETE, approval: { id: 'approval-1' } })] },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call delete_files' });
    await expect(card).toHaveAttribute('data-status', 'approval-requested');
    await expect(within(card).getByText('Awaiting approval')).toBeVisible();
    // Held open: Approve and Deny are there without a click.
    await expect(card).toHaveAttribute('data-state', 'open');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await expect(args.onToolApprovalResponse).toHaveBeenCalledWith({ id: 'approval-1', approved: true });
    // Answered once: both buttons wait for the host to move the call on.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Deny' })).toBeDisabled());
  },
};

/** The person answered; the host has not run (or refused) the call yet. */
export const ApprovalResponded: Story = {
  args: { chunks: [toolChunk('approval-responded', { ...DELETE, approval: { id: 'approval-1', approved: true, reason: 'Only the .old files.' } })] },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call delete_files' });
    await expect(card).toHaveAttribute('data-status', 'approval-responded');
    await expect(within(card).getByText('Approval answered')).toBeVisible();
    // Answered: collapsed to its header, like any call nobody has to act on; open it to read the answer.
    await expect(card).toHaveAttribute('data-state', 'closed');
    await userEvent.click(card.querySelector<HTMLElement>('[data-slot="tool-call-trigger"]')!);
    await expect(within(card).getByText('Approved')).toBeVisible();
    await expect(within(card).getByText('Only the .old files.')).toBeVisible();
    await expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};

/** A call the person refused, with their reason. */
export const DeniedWithReason: Story = {
  args: { chunks: [toolChunk('output-denied', { ...DELETE, approval: { id: 'approval-1', approved: false, reason: 'Keep them for the audit.' } })] },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call delete_files' });
    await expect(card).toHaveAttribute('data-status', 'output-denied');
    // The badge says Denied; the reason is one click away.
    await userEvent.click(card.querySelector<HTMLElement>('[data-slot="tool-call-trigger"]')!);
    await expect(within(card).getAllByText('Denied')).toHaveLength(2);
    await expect(within(card).getByText('Keep them for the audit.')).toBeVisible();
  },
};

/** A `useChat` message stopped (`stop()`) while a call's input streamed, as storage gives it back after a reload. */
const STOPPED: TranscriptMessage = {
  id: 'm1',
  parts: [
    { type: 'text', text: 'Writing the report to a file.', state: 'done' },
    {
      type: 'dynamic-tool',
      toolName: 'write_file',
      toolCallId: 'w1',
      state: 'input-streaming',
      input: { path: 'report.md', content: '1. Finding number 1: everything is fine.\n2. Find' },
    },
  ],
};

/** `streaming={false}`: the call can never complete, so it shows as interrupted — no spinner, no clock. */
export const Interrupted: Story = {
  args: { chunks: [] },
  render: () => <ToolTranscript message={STOPPED} streaming={false} />,
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call write_file' });
    await expect(card).toHaveAttribute('data-status', 'output-error');
    await expect(within(card).getByText(INTERRUPTED_TEXT)).toBeVisible();
    await expect(within(card).queryByRole('progressbar')).toBeNull();
    await expect(card.querySelector('[data-slot="tool-call-elapsed"]')).toBeNull();
  },
};

/** A finished transcript's call with no result says "Called" — nothing spins, nothing says "Running". */
export const PastCallWithoutResult: Story = {
  args: { chunks: [toolChunk('input-available', { toolName: 'send_email', input: { to: 'ops@example.com', subject: 'Nightly report' } })] },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call send_email' });
    await expect(within(card).getByText('Called')).toBeVisible();
    await expect(within(card).queryByText('Running')).toBeNull();
    await expect(within(card).getByText('to: ops@example.com, subject: Nightly report')).toBeVisible();
    await expect(getComputedStyle(card.querySelector('[data-slot="tool-call-status"] svg')!).animationName).toBe('none');
  },
};

/** A client-side tool drawn by a custom component, answering with `onToolOutput` (useChat's `addToolOutput`). */
function AskColor({ tool, onToolOutput }: ToolComponentProps) {
  if (tool.state !== 'input-available') return <p>Picked: {String((tool.output as { color?: string } | undefined)?.color)}</p>;
  return (
    <p>
      Pick a colour:{' '}
      <button type="button" onClick={() => void onToolOutput?.({ tool: tool.toolName, toolCallId: tool.toolCallId, output: { color: 'teal' } })}>
        Teal
      </button>
    </p>
  );
}
const askColor = { ask_color: AskColor };

export const ClientSideTool: Story = {
  args: { chunks: [toolChunk('input-available', { toolName: 'ask_color', toolCallId: 'c1', input: {} })] },
  render: ({ chunks, onToolOutput }) => <ToolTranscript chunks={chunks} toolComponents={askColor} onToolOutput={onToolOutput} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Teal' }));
    await expect(args.onToolOutput).toHaveBeenCalledWith({ tool: 'ask_color', toolCallId: 'c1', output: { color: 'teal' } });
  },
};
