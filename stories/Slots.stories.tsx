import type { Meta, StoryObj } from '@storybook/react-vite';
import { Streamdown } from 'streamdown';
import { expect, within } from 'storybook/test';
import type { ToolDefinition } from '../src/index.js';
import { ToolCall, ToolTranscript, type FallbackToolComponentProps, type ProseProps } from '../src/react/index.js';

const PROSE = `### Findings

The **config loader** reads \`settings.toml\` twice. Three places call it:

| caller | calls | cached |
| --- | --- | --- |
| \`main\` | 1 | no |
| \`reload\` | 2 | no |

\`\`\`tool read_file
input:
  path: src/config.rs
output: |
  pub fn load() -> Config { parse(read("settings.toml")) }
\`\`\`

Caching the parsed value fixes it — see [the docs](https://example.com/docs).
`;

const UNKNOWN = `I'll search, read the result, then launch the deploy.

\`\`\`tool search
input:
  q: flaky test
\`\`\`

\`\`\`tool launch_rockets
input:
  count: 3
\`\`\`

Done.
`;

const TOOLS: ToolDefinition[] = [{ name: 'search' }, { name: 'read_file' }];

/**
 * Streamdown as the prose component. `proseComponent={Streamdown}` works as it is (see the tests);
 * here its table controls and link-safety dialog are turned off, because they are styled by
 * Streamdown's Tailwind classes, which this Storybook does not load.
 */
function StreamdownProseBlock(props: ProseProps) {
  return <Streamdown {...props} controls={false} linkSafety={{ enabled: false }} />;
}

/** A prose component of your own: here, the markdown source in a quiet monospace box (a stand-in for any renderer). */
function SourceProse({ children, isAnimating }: ProseProps) {
  return (
    <pre data-testid="source-prose" data-animating={isAnimating} style={{ whiteSpace: 'pre-wrap', margin: '0 0 0.5rem', font: '0.85rem/1.5 ui-monospace, monospace', opacity: 0.85 }}>
      {children}
    </pre>
  );
}

/** Unknown tools get a notice; known tools without a component keep the default card. */
function UnknownToolNotice({ tool, reason }: FallbackToolComponentProps) {
  if (reason !== 'unknown-tool') return <ToolCall tool={tool} />;
  return (
    <div role="note" aria-label={`Unknown tool ${tool.toolName}`} style={{ padding: '0.6rem 0.9rem', border: '1px dashed currentColor', borderRadius: 8 }}>
      <strong>{tool.toolName}</strong> is not a tool this app offers; the call was not run.
    </div>
  );
}

/**
 * Slots: `proseComponent` renders the prose with another component (Streamdown, or your own);
 * `fallbackToolComponent` draws the calls that have no `toolComponents` entry, told whether the
 * tool is unknown to `tools`.
 */
const meta = {
  title: 'Transcript/Slots',
  parameters: { layout: 'padded' },
  render: (args) => <ToolTranscript style={{ maxWidth: '46rem' }} {...args} />,
} satisfies Meta<typeof ToolTranscript>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Streamdown draws the prose block by block (its own table, code and link markup); calls stay cards. */
export const StreamdownProse: Story = {
  args: { text: PROSE, proseComponent: StreamdownProseBlock },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
    await expect(canvasElement.querySelector('[data-streamdown="table"]')).not.toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Findings' })).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'Tool call read_file' })).toHaveAttribute('data-status', 'output-available');
  },
};

/** `proseComponent={SourceProse}`: a component of your own gets each block's markdown and `isAnimating`. */
export const CustomProse: Story = {
  args: { text: PROSE, proseComponent: SourceProse },
  play: async ({ canvasElement }) => {
    const blocks = within(canvasElement).getAllByTestId('source-prose');
    await expect(blocks[0]).toHaveTextContent('### Findings');
    await expect(blocks.every((block) => block.getAttribute('data-animating') === 'false')).toBe(true);
    await expect(canvasElement.querySelector('table, h3')).toBeNull();
  },
};

/** `fallbackToolComponent` with `tools`: `launch_rockets` is not among them and gets the notice; `search` keeps the default card. */
export const FallbackForUnknownTools: Story = {
  args: { text: UNKNOWN, tools: TOOLS, fallbackToolComponent: UnknownToolNotice },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('note', { name: 'Unknown tool launch_rockets' })).toHaveTextContent('not a tool this app offers');
    await expect(canvas.getByRole('group', { name: 'Tool call search' })).toBeInTheDocument();
    // The contract's attributes stay on the wrapper around the fallback.
    await expect(canvasElement.querySelector('[data-tool-name="launch_rockets"]')).toHaveAttribute('data-status', 'input-available');
  },
};
