import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { expect, within } from 'storybook/test';
import { unified } from 'unified';
import remarkToolCalls from '../src/remark/index.js';
import { ALL_SYNTAXES } from './support/syntaxes.js';
import { EXAMPLES } from './support/transcripts.js';

/** The static HTML of `remark-parse → remarkToolCalls → remark-rehype → rehype-stringify`. */
function toHtml(markdown: string): string {
  return String(
    unified().use(remarkParse).use(remarkToolCalls, { syntaxes: ALL_SYNTAXES }).use(remarkRehype).use(rehypeStringify).processSync(markdown),
  );
}

function StaticHtml({ markdown }: { markdown: string }) {
  const html = useMemo(() => toHtml(markdown), [markdown]);
  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: '46rem' }}>
      {/* The pipeline escapes every value (text nodes only), so this HTML carries no markup from the payloads. */}
      <div className="tt-transcript" data-testid="rendered" dangerouslySetInnerHTML={{ __html: html }} />
      <details>
        <summary>HTML source ({html.length} characters)</summary>
        <pre style={{ whiteSpace: 'pre-wrap', fontSize: '0.8125rem' }}>
          <code>{html}</code>
        </pre>
      </details>
    </div>
  );
}

/**
 * The remark plugin's HTML, without React: each block becomes a `<section class="tt-tool">` with
 * `data-tool-call-id`, `data-tool-name` and `data-status`, styled by the same stylesheet.
 */
const meta = {
  title: 'Remark/Static HTML',
  parameters: { layout: 'padded' },
  argTypes: { markdown: { control: 'text' } },
  render: ({ markdown }) => <StaticHtml markdown={markdown} />,
} satisfies Meta<{ markdown: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every syntax's example through the pipeline (all six syntaxes on, `json` included), one after the other. */
export const AllSyntaxes: Story = {
  args: { markdown: ALL_SYNTAXES.map((name) => EXAMPLES[name]).join('\n\n') },
  play: async ({ canvasElement }) => {
    const rendered = within(canvasElement).getByTestId('rendered');
    const sections = [...rendered.querySelectorAll<HTMLElement>('section.tt-tool')];
    await expect(new Set(sections.map((section) => section.dataset.syntax))).toEqual(new Set(ALL_SYNTAXES));
    for (const section of sections) {
      await expect(section.dataset.toolCallId).toMatch(/\S/);
      await expect(section.dataset.toolName).toMatch(/\S/);
      await expect(['input-available', 'output-available', 'output-error']).toContain(section.dataset.status);
    }
    // The failed directions call: its error section starts open.
    const failed = rendered.querySelector<HTMLElement>('section[data-tool-name="map-directions"]')!;
    await expect(failed).toHaveAttribute('data-status', 'output-error');
    await expect(within(failed).getByText(/Routing service timed out/)).toBeVisible();
  },
};

/** Payloads that look like markup stay text: no element, no script, no handler comes out of a tool call. */
export const EscapedPayload: Story = {
  args: {
    markdown: [
      'A tool call whose values are HTML:',
      '',
      '```tool render_html id=xss_1',
      'input:',
      '  html: "<img src=x onerror=alert(1)><script>alert(2)</script>"',
      'output: "</code></pre><b onmouseover=alert(3)>bold?</b>"',
      '```',
      '',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const rendered = within(canvasElement).getByTestId('rendered');
    const section = rendered.querySelector<HTMLElement>('section[data-tool-call-id="xss_1"]')!;
    await expect(section).toHaveAttribute('data-status', 'output-available');
    await expect(rendered.querySelector('img, script, b')).toBeNull();
    await expect(section.textContent).toContain('<img src=x onerror=alert(1)>');
    await expect(section.textContent).toContain('<b onmouseover=alert(3)>bold?</b>');
  },
};
