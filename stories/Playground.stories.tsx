import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SyntaxName } from '../src/index.js';
import { ToolTranscript } from '../src/react/index.js';
import { ALL_SYNTAXES } from './support/syntaxes.js';
import { EXAMPLES } from './support/transcripts.js';

interface PlaygroundArgs {
  /** Assistant text with embedded tool calls. */
  text: string;
  /** Syntaxes to recognise. */
  syntaxes: SyntaxName[];
  /** `data-theme` on the transcript; `system` follows `prefers-color-scheme`. */
  theme: 'light' | 'dark' | 'system';
  /** Keep the parse open: an unclosed block shows as `input-streaming`. */
  streaming: boolean;
}

/** Edit the text, switch syntaxes and theme: `<ToolTranscript>` re-parses as you type. */
const meta = {
  title: 'Transcript/Playground',
  parameters: { layout: 'padded' },
  args: {
    text: ALL_SYNTAXES.map((name) => EXAMPLES[name]).join('\n\n'),
    syntaxes: [...ALL_SYNTAXES],
    theme: 'light',
    streaming: false,
  },
  argTypes: {
    text: { control: 'text' },
    syntaxes: { control: 'check', options: [...ALL_SYNTAXES] },
    theme: { control: 'inline-radio', options: ['light', 'dark', 'system'] },
    streaming: { control: 'boolean' },
  },
  render: ({ text, syntaxes, theme, streaming }) => (
    <ToolTranscript
      text={text}
      // An empty selection means "no syntax": every block stays text.
      syntaxes={syntaxes ?? []}
      streaming={streaming}
      data-theme={theme === 'system' ? undefined : theme}
      style={{ maxWidth: '46rem', padding: theme === 'light' ? 0 : '1rem', borderRadius: 8 }}
    />
  ),
} satisfies Meta<PlaygroundArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The six examples one after the other, every syntax on: untick one and its blocks turn back into text. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = canvas.getAllByRole('group', { name: /^Tool call / });
    await expect(new Set(cards.map((card) => card.dataset.syntax))).toEqual(new Set(ALL_SYNTAXES));
    await expect(cards).toHaveLength(2 + 3 + 3 + 3 + 4 + 3);
    await expect(canvasElement.querySelector('.tt-transcript')).toHaveAttribute('data-theme', 'light');
  },
};
