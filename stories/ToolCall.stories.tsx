import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TOOL_STATES } from '../src/index.js';
import { settled } from './support/expand-cards.js';
import {
  ToolCall,
  ToolCallContent,
  ToolCallHeader,
  ToolCallInput,
  ToolCallOutput,
  type ToolCallProps,
} from '../src/react/index.js';
import { LONG_OUTPUT, STATE_LABELS, toolChunk } from './support/tool-chunks.js';
import { GERMAN } from './support/german-labels.js';

/**
 * The default tool card, `<ToolCall tool={chunk} />`: a header (name, the input on one line, the
 * state) that opens and closes the body (input, approval, output, error). Finished calls start
 * collapsed, as AI Elements' `<Tool>` does; a streaming call, an approval request and an error
 * start open. The remark plugin's HTML (and the CLI page) draws the same card from the same model.
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

const cardOf = (canvasElement: HTMLElement, name = 'search') => within(canvasElement).getByRole('group', { name: `Tool call ${name}` });
const triggerOf = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('[data-slot="tool-call-trigger"]')!;

/** The block is still being written: open, the input shown so far, a progress bar and the elapsed time. */
export const InputStreaming: Story = {
  args: { tool: toolChunk('input-streaming') },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card).toHaveAttribute('data-status', 'input-streaming');
    await expect(card).toHaveAttribute('data-state', 'open');
    await expect(within(card).getByText(STATE_LABELS['input-streaming'])).toBeVisible();
    await expect(within(card).getByRole('progressbar', { name: 'Receiving input' })).toBeVisible();
    await expect(within(card).getByText(/coffee shops near 123 Ma"/)).toBeVisible();
    // Held open while it streams: the header does not collapse it.
    await expect(triggerOf(card)).toHaveAttribute('aria-disabled', 'true');
    await expect(within(card).queryByText('Output')).toBeNull();
  },
};

/**
 * A past call whose result is not in the transcript: "Called", collapsed, nothing animated. (While
 * a transcript streams, `live` makes it "Running".)
 */
export const InputAvailable: Story = {
  args: { tool: toolChunk('input-available') },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card).toHaveAttribute('data-status', 'input-available');
    await expect(within(card).getByText('Called')).toBeVisible();
    await expect(within(card).queryByText('Running')).toBeNull();
    await expect(within(card).queryByRole('progressbar')).toBeNull();
    await expect(within(card).getByText('query: coffee shops near 123 Main St, limit: 3')).toBeVisible();
  },
};

/** The same call while the transcript still streams (`live`): the tool is running. */
export const InputAvailableLive: Story = {
  args: { tool: toolChunk('input-available'), live: true },
  play: async ({ canvasElement }) => {
    await expect(within(cardOf(canvasElement)).getByText(STATE_LABELS['input-available'])).toBeVisible();
  },
};

/** The tool answered: collapsed to its header; a click (or Enter / Space) opens input and output. */
export const OutputAvailable: Story = {
  args: { tool: toolChunk('output-available') },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card).toHaveAttribute('data-status', 'output-available');
    await expect(card).toHaveAttribute('data-state', 'closed');
    await expect(within(card).getByText(STATE_LABELS['output-available'])).toBeVisible();
    await expect(within(card).getByText(/Local Beans/)).not.toBeVisible();
    await userEvent.click(triggerOf(card));
    await expect(card).toHaveAttribute('data-state', 'open');
    await expect(triggerOf(card)).toHaveAttribute('aria-expanded', 'true');
    // The body fades in (160 ms) when the reader opens it.
    await settled(card);
    await expect(within(card).getByText('Output')).toBeVisible();
    await expect(within(card).getByText(/Local Beans/)).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Copy output of search' })).toBeVisible();
    // And closed again from the keyboard.
    triggerOf(card).focus();
    await userEvent.keyboard('{Enter}');
    await expect(within(card).getByText(/Local Beans/)).not.toBeVisible();
  },
};

/** The tool failed: open, the error text in the error colours. */
export const OutputError: Story = {
  args: { tool: toolChunk('output-error') },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(card).toHaveAttribute('data-status', 'output-error');
    await expect(card).toHaveAttribute('data-state', 'open');
    // The badge and the section are both labelled "Error".
    await expect(within(card).getAllByText(STATE_LABELS['output-error'])).toHaveLength(2);
    await expect(within(card).getByText(/quota exceeded/)).toBeVisible();
  },
};

/** The seven states side by side, as they appear in a finished transcript. */
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
    const cards = within(canvasElement).getAllByRole('group', { name: 'Tool call search' });
    await expect(cards.map((card) => card.dataset.status)).toEqual([...TOOL_STATES]);
    // Open: streaming, approval request, error; every other finished call is collapsed.
    await expect(cards.map((card) => card.dataset.state)).toEqual(['open', 'closed', 'open', 'closed', 'closed', 'open', 'closed']);
    for (const [index, state] of TOOL_STATES.entries()) {
      const label = state === 'input-available' ? 'Called' : STATE_LABELS[state];
      await expect(within(cards[index]!).getAllByText(label).length).toBeGreaterThan(0);
    }
  },
};

/** Collapsed and expanded side by side: `defaultOpen` opens a finished call from the start. */
export const CollapsedAndExpanded: Story = {
  args: { tool: toolChunk('output-available') },
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <ToolCall tool={args.tool} />
      <ToolCall tool={{ ...args.tool, toolCallId: 'call_2' }} defaultOpen />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [collapsed, expanded] = within(canvasElement).getAllByRole('group', { name: 'Tool call search' });
    await expect(collapsed).toHaveAttribute('data-state', 'closed');
    await expect(expanded).toHaveAttribute('data-state', 'open');
    await expect(within(expanded!).getByText(/Local Beans/)).toBeVisible();
    await expect(within(collapsed!).getByText(/Local Beans/)).not.toBeVisible();
    // Same header height either way: opening does not shift it.
    await expect(triggerOf(collapsed!).getBoundingClientRect().height).toBe(triggerOf(expanded!).getBoundingClientRect().height);
  },
};

const SCRIPT = `#!/usr/bin/env python3
"""Counts the words of each file given."""
import sys

for path in sys.argv[1:]:
    with open(path) as f:
        print(path, len(f.read().split()))
`;

const DIFF = `diff --git a/src/app.ts b/src/app.ts
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,3 +1,3 @@
 import { serve } from './server';
-serve({ port: 3000 });
+serve({ port: Number(process.env.PORT ?? 3000) });
`;

/**
 * Multi-line values read as text: a file body and a diff are shown with their line breaks, each
 * under its field's name, beside the JSON of the other fields — not as `"#!/usr/bin/env python3\n…"`.
 */
export const MultiLineValues: Story = {
  args: { tool: toolChunk('output-available', { toolName: 'write_file', input: { path: 'wc.py', content: SCRIPT, mode: '0755' }, output: DIFF }) },
  render: (args) => <ToolCall tool={args.tool} defaultOpen />,
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement, 'write_file');
    const field = card.querySelector<HTMLElement>('[data-slot="tool-call-field"]')!;
    await expect(within(field).getByText('content')).toBeVisible();
    const body = field.querySelector('pre')!;
    await expect(body.innerText).toBe(SCRIPT);
    await expect(body.querySelector('code')).toHaveClass('language-python');
    // The other fields stay JSON; the diff output is text too.
    await expect(within(card).getByText(/"path": "wc.py"/)).toBeVisible();
    const output = card.querySelector<HTMLElement>('[data-slot="tool-call-output"] pre')!;
    await expect(output.innerText).toBe(DIFF);
    await expect(output.querySelector('code')).toHaveClass('language-diff');
    await expect(card.textContent).not.toContain('\\n');
  },
};


/** `labels` translates every string of the card (here German): state labels, sections, buttons. */
export const Labels: Story = {
  args: { tool: toolChunk('output-available') },
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <ToolCall tool={toolChunk('output-available')} labels={GERMAN} defaultOpen />
      <ToolCall tool={toolChunk('input-available', { toolCallId: 'c2' })} labels={GERMAN} />
      <ToolCall tool={toolChunk('approval-requested', { toolCallId: 'c3' })} labels={GERMAN} onToolApprovalResponse={() => {}} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [done, called, asking] = within(canvasElement).getAllByRole('group', { name: 'Werkzeugaufruf search' });
    await expect(within(done!).getByText('Fertig')).toBeVisible();
    await expect(within(done!).getByText('Eingabe')).toBeVisible();
    await expect(within(done!).getByText('Ausgabe')).toBeVisible();
    await expect(within(done!).getByRole('button', { name: 'Ausgabe von search kopieren' })).toHaveTextContent('Kopieren');
    await expect(within(called!).getByText('Aufgerufen')).toBeVisible();
    await expect(within(asking!).getByRole('button', { name: 'Erlauben' })).toBeVisible();
    await expect(within(asking!).getByRole('button', { name: 'Ablehnen' })).toBeVisible();
    await expect(within(asking!).getByText(/mit dieser Eingabe laufen/)).toBeVisible();
    await expect(canvasElement.textContent).not.toMatch(/Completed|Input|Output|Approve|Copy/);
  },
};

/** A tiny highlighter for the story: keys, strings and numbers of JSON, and diff lines. */
const highlight: NonNullable<ToolCallProps['highlight']> = (code, language) => {
  if (language === 'diff') {
    return code.split(/(?<=\n)/).map((line, index) => (
      <span key={index} className={/^(\+\+\+|---|@@|diff )/.test(line) ? 'hl-meta' : line.startsWith('+') ? 'hl-add' : line.startsWith('-') ? 'hl-del' : undefined}>
        {line}
      </span>
    ));
  }
  if (language !== 'json') return undefined;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of code.matchAll(/("(?:[^"\\]|\\.)*")(\s*:)?|\b(-?\d+(?:\.\d+)?)\b/g)) {
    parts.push(code.slice(last, match.index));
    const className = match[2] ? 'hl-key' : match[1] ? 'hl-string' : 'hl-number';
    parts.push(
      <span key={match.index} className={className}>
        {match[1] ?? match[3]}
      </span>,
      match[2] ?? '',
    );
    last = match.index + match[0].length;
  }
  parts.push(code.slice(last));
  return parts;
};

const HIGHLIGHT_CSS = `
.hl-meta { color: #57606a; } .hl-key { color: #0550ae; } .hl-string { color: #0a3069; } .hl-number { color: #953800; }
.hl-add { color: #116329; background: #dafbe1; display: inline-block; min-width: 100%; }
.hl-del { color: #82071e; background: #ffebe9; display: inline-block; min-width: 100%; }
[data-theme='dark'] .hl-meta { color: #9198a1; } [data-theme='dark'] .hl-key { color: #79c0ff; } [data-theme='dark'] .hl-string { color: #a5d6ff; } [data-theme='dark'] .hl-number { color: #ffa657; }
[data-theme='dark'] .hl-add { color: #aff5b4; background: #033a16; } [data-theme='dark'] .hl-del { color: #ffdcd7; background: #67060c; }
`;

/** `highlight={(code, language) => …}` colours JSON and code (Shiki or Prism would go here); plain text without it. */
export const Highlighter: Story = {
  args: { tool: toolChunk('output-available', { toolName: 'apply_patch', input: { file: 'src/app.ts', dryRun: false, attempts: 2 }, output: DIFF }) },
  render: (args) => (
    <>
      <style>{HIGHLIGHT_CSS}</style>
      <ToolCall tool={args.tool} highlight={highlight} defaultOpen />
    </>
  ),
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement, 'apply_patch');
    await expect(card.querySelector('.language-json .hl-key')).toHaveTextContent('"file"');
    await expect(card.querySelector('.language-json .hl-number')).toHaveTextContent('2');
    await expect(card.querySelector('.language-diff .hl-add')).toHaveTextContent(/^\+serve/);
    // Highlighting changes the look, not the text.
    await expect(card.querySelector<HTMLElement>('.language-diff')!.innerText).toBe(DIFF);
  },
};

/** A long output scrolls inside the card instead of stretching the page. */
export const LongOutput: Story = {
  args: { tool: toolChunk('output-available', { output: LONG_OUTPUT }), defaultOpen: true },
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    const pre = card.querySelector<HTMLElement>('[data-slot="tool-call-output"] pre')!;
    await expect(pre).toBeVisible();
    await waitFor(() => expect(pre.scrollHeight).toBeGreaterThan(pre.clientHeight));
  },
};

/** In a 280 px column: a long name and summary ellipsize; badge and timer stay on the line. */
export const NarrowColumn: Story = {
  args: { tool: toolChunk('input-streaming', { toolName: 'github_create_pull_request_review_comment' }) },
  decorators: [(Story) => <div style={{ width: 280 }}><Story /></div>],
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <ToolCall tool={args.tool} />
      <ToolCall tool={toolChunk('output-available', { toolCallId: 'c2', toolName: args.tool.toolName })} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const card of within(canvasElement).getAllByRole('group', { name: /^Tool call / })) {
      const header = card.querySelector<HTMLElement>('[data-slot="tool-call-header"]')!;
      await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
      const badge = card.querySelector<HTMLElement>('[data-slot="tool-call-status"]')!.getBoundingClientRect();
      await expect(badge.right).toBeLessThanOrEqual(header.getBoundingClientRect().right);
      await expect(badge.height).toBeLessThan(24);
    }
  },
};

/** The parts composed by hand: header (with an extra action), and a body of input and output. */
export const ComposedParts: Story = {
  args: { tool: toolChunk('output-available') },
  render: (args) => (
    <ToolCall tool={args.tool} defaultOpen>
      <ToolCallHeader>
        <a href="#call_1" style={{ fontSize: '0.75rem' }}>
          Permalink
        </a>
      </ToolCallHeader>
      <ToolCallContent>
        <ToolCallInput />
        <ToolCallOutput />
      </ToolCallContent>
    </ToolCall>
  ),
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement);
    await expect(within(card).getByRole('link', { name: 'Permalink' })).toBeVisible();
    await expect(within(card).getByText('Input')).toBeVisible();
    await expect(triggerOf(card)).toHaveAttribute('aria-controls', card.querySelector('[data-slot="tool-call-body"]')!.id);
    await userEvent.click(triggerOf(card));
    await expect(within(card).getByText('Input')).not.toBeVisible();
    // The extra action stays in the header.
    await expect(within(card).getByRole('link', { name: 'Permalink' })).toBeVisible();
  },
};
