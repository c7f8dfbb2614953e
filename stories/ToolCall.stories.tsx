import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TOOL_STATES } from '../src/index.js';
import { ToolCall, ToolCallHeader, ToolCallInput, ToolCallOutput } from '../src/react/index.js';
import { LONG_OUTPUT, STATE_LABELS, toolChunk } from './support/tool-chunks.js';

/**
 * The default tool card, `<ToolCall tool={chunk} />`, in each of the seven states, and composed
 * from its parts (`ToolCallHeader`, `ToolCallInput`, `ToolCallOutput`, `ToolCallError`).
 */
const meta = {
  title: 'Tool card',
  component: ToolCall,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ maxWidth: '42rem' }}><Story /></div>],
} satisfies Meta<typeof ToolCall>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The block is still being written: the input shown so far, a progress bar and the elapsed time. */
export const InputStreaming: Story = {
  args: { tool: toolChunk('input-streaming') },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(card).toHaveAttribute('data-status', 'input-streaming');
    await expect(within(card).getByText(STATE_LABELS['input-streaming'])).toBeVisible();
    await expect(within(card).getByRole('progressbar', { name: 'Receiving input' })).toBeVisible();
    await expect(within(card).getByText(/coffee shops near 123 Ma/)).toBeVisible();
    // No output or error section yet.
    await expect(within(card).queryByText('Output')).toBeNull();
    await expect(within(card).queryByText('Error')).toBeNull();
  },
};

/** The input is complete and the host is running the tool. */
export const InputAvailable: Story = {
  args: { tool: toolChunk('input-available') },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(card).toHaveAttribute('data-status', 'input-available');
    await expect(within(card).getByText(STATE_LABELS['input-available'])).toBeVisible();
    await expect(within(card).queryByRole('progressbar')).toBeNull();
    await expect(within(card).getByText(/"limit": 3/)).toBeVisible();
  },
};

/** The tool answered: the output opens below the input. */
export const OutputAvailable: Story = {
  args: { tool: toolChunk('output-available') },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(card).toHaveAttribute('data-status', 'output-available');
    await expect(within(card).getByText(STATE_LABELS['output-available'])).toBeVisible();
    await expect(within(card).getByText('Output')).toBeVisible();
    await expect(within(card).getByText(/Local Beans/)).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Copy output of search' })).toBeVisible();
  },
};

/** The tool failed: the error text, in the error colours, open. */
export const OutputError: Story = {
  args: { tool: toolChunk('output-error') },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(card).toHaveAttribute('data-status', 'output-error');
    // The badge and the section are both labelled "Error".
    await expect(within(card).getAllByText(STATE_LABELS['output-error'])).toHaveLength(2);
    await expect(within(card).getByText(/quota exceeded/)).toBeVisible();
  },
};

/** The seven states side by side, as they appear in a transcript. */
export const AllStates: Story = {
  args: { tool: toolChunk('input-available') },
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ padding: '1rem' }}><Story /></div>],
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))', gap: '1rem', alignItems: 'start' }}>
      {TOOL_STATES.map((state) => (
        <section key={state} aria-labelledby={`heading-${state}`}>
          <h2 id={`heading-${state}`} style={{ margin: '0 0 0.5rem', fontSize: '0.875rem', fontFamily: 'ui-monospace, monospace' }}>
            {state}
          </h2>
          <ToolCall tool={toolChunk(state, { toolCallId: `call_${state}` })} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = canvas.getAllByRole('group', { name: 'Tool call search' });
    await expect(cards.map((card) => card.dataset.status)).toEqual([...TOOL_STATES]);
    for (const [index, state] of TOOL_STATES.entries()) {
      await expect(within(cards[index]!).getAllByText(STATE_LABELS[state]).length).toBeGreaterThan(0);
    }
  },
};

/** A long output starts collapsed (its summary says how many lines); a click opens it. */
export const LongOutputCollapsed: Story = {
  args: { tool: toolChunk('output-available', { output: LONG_OUTPUT }) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    const details = card.querySelector<HTMLDetailsElement>('details[data-slot="tool-call-output"]')!;
    await expect(details.open).toBe(false);
    await expect(within(card).getByText(/\d+ lines/)).toBeVisible();
    await expect(within(card).getByText(/Coffee place 40/)).not.toBeVisible();
    await userEvent.click(within(card).getByText('Output'));
    await waitFor(() => expect(details.open).toBe(true));
    await expect(within(card).getByText(/Coffee place 40/)).toBeVisible();
  },
};

/** The parts composed by hand: header and input only, with an extra action in the header. */
export const ComposedParts: Story = {
  args: { tool: toolChunk('output-available') },
  render: (args) => (
    <ToolCall tool={args.tool}>
      <ToolCallHeader>
        <a href="#call_1" style={{ fontSize: '0.75rem' }}>
          Permalink
        </a>
      </ToolCallHeader>
      <ToolCallInput />
      <ToolCallOutput open={false} />
    </ToolCall>
  ),
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Tool call search' });
    await expect(within(card).getByRole('link', { name: 'Permalink' })).toBeVisible();
    await expect(within(card).getByText('Input')).toBeVisible();
    // `open={false}` from the caller wins over the card's default.
    const details = card.querySelector<HTMLDetailsElement>('details')!;
    await expect(details.open).toBe(false);
  },
};
