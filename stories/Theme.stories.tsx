import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { TOOL_STATES } from '../src/index.js';
import { ToolCall, ToolTranscript } from '../src/react/index.js';
import { toolChunk } from './support/tool-chunks.js';
import { EXAMPLES, MIXED } from './support/transcripts.js';

/**
 * The default theme (`tool-transcript/styles.css`) in the pages it lands in. The transcript paints
 * no background and keeps the page's text colour; the cards have their own surface. Dark comes
 * from `class="dark"` or `data-theme="dark"` on any ancestor (light from `class="light"` /
 * `data-theme="light"`), otherwise from the system. The `--tt-*` variables can be set on any
 * ancestor.
 */
const meta = {
  title: 'Transcript/Theme',
  parameters: { layout: 'fullscreen' },
  args: { text: `${MIXED}\n\n${EXAMPLES.sentinel}` },
  argTypes: { text: { control: 'text' } },
  render: ({ text }) => (
    <Page theme="dark">
      <ToolTranscript text={text} />
      <AllStates />
    </Page>
  ),
} satisfies Meta<{ text: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Host pages: a light one, and a dark one themed the Tailwind / next-themes way (`class="dark"`). */
const PAGES = {
  light: { className: 'light', style: { background: '#ffffff', color: '#1f2328' } },
  dark: { className: 'dark', style: { background: '#16171d', color: '#e6edf3' } },
} as const;

/** The page's own link colour, as a real dark page has (the transcript keeps the page's links). */
const PAGE_CSS = ':where(.story-page.dark) a { color: #79b8ff; }';

function Page({ theme, style, children }: { theme: keyof typeof PAGES; style?: CSSProperties; children: ReactNode }) {
  const page = PAGES[theme];
  return (
    <div
      className={`story-page ${page.className}`}
      style={{ ...page.style, display: 'grid', gap: '1rem', padding: '1.5rem', colorScheme: theme, ...style }}
    >
      <style>{PAGE_CSS}</style>
      {children}
    </div>
  );
}

function AllStates() {
  return (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      {TOOL_STATES.map((state) => (
        <ToolCall key={state} tool={toolChunk(state, { toolCallId: `all_${state}` })} />
      ))}
    </div>
  );
}

const badge = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-slot="tool-call-status"]')!;
const cardOf = (root: HTMLElement, status: string) => root.querySelector<HTMLElement>(`.tt-tool[data-status="${status}"]`)!;

/** `class="dark"` on the page: dark cards, the page's own background and text around them. */
export const Dark: Story = {
  play: async ({ canvasElement }) => {
    const transcript = canvasElement.querySelector<HTMLElement>('.tt-transcript')!;
    await expect(getComputedStyle(transcript).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await expect(getComputedStyle(transcript).color).toBe('rgb(230, 237, 243)');
    const card = cardOf(canvasElement, 'output-available');
    await expect(getComputedStyle(card).backgroundColor).toBe('rgb(13, 17, 23)');
    await expect(getComputedStyle(badge(card)).color).toBe('rgb(63, 185, 80)');
    await expect(within(canvasElement).getAllByRole('group', { name: /^Tool call / }).length).toBeGreaterThan(0);
  },
};

/** `class="light"` on the page: light cards even when the system prefers dark. */
export const Light: Story = {
  render: ({ text }) => (
    <Page theme="light">
      <ToolTranscript text={text} />
      <AllStates />
    </Page>
  ),
  play: async ({ canvasElement }) => {
    const transcript = canvasElement.querySelector<HTMLElement>('.tt-transcript')!;
    await expect(getComputedStyle(transcript).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    const card = cardOf(canvasElement, 'output-available');
    await expect(getComputedStyle(card).color).toBe('rgb(31, 35, 40)');
    await expect(getComputedStyle(badge(card)).color).toBe('rgb(26, 127, 55)');
  },
};

/** Every card state under `data-theme="dark"` on an ancestor. */
export const DarkAllStates: Story = {
  render: () => (
    <div data-theme="dark" style={{ padding: '1.5rem', background: '#0d1117', color: '#e6edf3' }}>
      <AllStates />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole('group', { name: 'Tool call search' });
    await expect(cards.map((card) => card.dataset.status)).toEqual([...TOOL_STATES]);
    // The dark palette reaches the cards: the error badge is light red on dark red.
    await expect(getComputedStyle(badge(cardOf(canvasElement, 'output-error'))).color).toBe('rgb(255, 123, 114)');
  },
};

/** A page's own overrides: once for both themes on the transcript, and per theme in a `.dark` rule. */
const OVERRIDES = `
.story-overrides .tt-transcript { --tt-radius: 4px; --tt-status-success: #0f6b5f; --tt-status-success-bg: #ccfbf1; }
.story-overrides .dark .tt-transcript { --tt-status-success: #2dd4bf; --tt-status-success-bg: #134e4a; }
`;

/** Variables set by the page's rules reach every card below them, in each theme. */
export const Overrides: Story = {
  render: ({ text }) => (
    <div className="story-overrides" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
      <style>{OVERRIDES}</style>
      <Page theme="light">
        <ToolTranscript text={text} />
      </Page>
      <Page theme="dark">
        <ToolTranscript text={text} />
      </Page>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [light, dark] = [...canvasElement.querySelectorAll<HTMLElement>('.story-page')];
    await expect(getComputedStyle(badge(cardOf(light!, 'output-available'))).color).toBe('rgb(15, 107, 95)');
    await expect(getComputedStyle(badge(cardOf(dark!, 'output-available'))).color).toBe('rgb(45, 212, 191)');
    await expect(getComputedStyle(cardOf(light!, 'output-available')).borderTopLeftRadius).toBe('4px');
  },
};

/** shadcn/ui's default tokens (Tailwind v4 template, neutral), as an app's `globals.css` declares them. */
const SHADCN_TOKENS = `
.shadcn-app {
  --radius: 0.625rem; --background: oklch(1 0 0); --foreground: oklch(0.145 0 0);
  --card: oklch(1 0 0); --card-foreground: oklch(0.145 0 0); --primary: oklch(0.205 0 0);
  --secondary: oklch(0.97 0 0); --muted: oklch(0.97 0 0); --muted-foreground: oklch(0.556 0 0);
  --border: oklch(0.922 0 0); --ring: oklch(0.708 0 0); --destructive: oklch(0.577 0.245 27.325);
  background: var(--background); color: var(--foreground);
}
.shadcn-app.dark {
  --background: oklch(0.145 0 0); --foreground: oklch(0.985 0 0); --card: oklch(0.205 0 0);
  --card-foreground: oklch(0.985 0 0); --primary: oklch(0.922 0 0); --secondary: oklch(0.269 0 0);
  --muted: oklch(0.269 0 0); --muted-foreground: oklch(0.708 0 0); --border: oklch(1 0 0 / 10%);
  --ring: oklch(0.556 0 0); --destructive: oklch(0.704 0.191 22.216);
}
.shadcn-app a { color: inherit; }
`;

/** `class="tt-shadcn"` maps the cards onto shadcn/ui's tokens; `.dark` switches both. */
export const Shadcn: Story = {
  render: ({ text }) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
      <style>{SHADCN_TOKENS}</style>
      {['', 'dark'].map((dark) => (
        <div key={dark} className={`shadcn-app ${dark || 'light'}`} style={{ padding: '1.5rem', display: 'grid', gap: '1rem' }}>
          <ToolTranscript className="tt-shadcn" text={text} />
          <div className="tt-shadcn" style={{ display: 'grid', gap: '0.75rem' }}>
            {TOOL_STATES.map((state) => (
              <ToolCall key={state} tool={toolChunk(state, { toolCallId: `shadcn_${dark}_${state}` })} />
            ))}
          </div>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [light, dark] = [...canvasElement.querySelectorAll<HTMLElement>('.shadcn-app')];
    await expect(getComputedStyle(cardOf(dark!, 'output-error')).colorScheme).toBe('dark');
    await expect(getComputedStyle(cardOf(light!, 'output-error')).backgroundColor).toBe('oklch(1 0 0)');
    await expect(getComputedStyle(cardOf(light!, 'output-error')).borderTopLeftRadius).toBe('8px');
  },
};

/**
 * The global CSS of a new Vite React app (`code` as an inline-flex pill, a centred `#root`) and
 * loud `pre` / `button` rules: the cards look as they do anywhere else.
 */
const VITE_PAGE = `
:where(.vite-page) { text-align: center; letter-spacing: 0.18px; }
:where(.vite-page) code { font-family: ui-monospace, Consolas, monospace; display: inline-flex; border-radius: 4px;
  font-size: 15px; line-height: 135%; padding: 4px 8px; background: #f4f3ec; color: #08060d; }
:where(.vite-page) pre { margin: 2em; padding: 1em; border: 2px solid #aa3bff; white-space: pre; }
:where(.vite-page) button { border-radius: 8px; border: 1px solid transparent; padding: 0.6em 1.2em; font-size: 1em;
  font-weight: 500; background-color: #1a1a1a; color: #fff; }
`;

export const HostStyles: Story = {
  render: () => (
    <Page theme="light">
      <style>{VITE_PAGE}</style>
      <div className="vite-page" style={{ display: 'grid', gap: '0.75rem' }}>
        <ToolCall tool={toolChunk('output-available')} />
        <ToolCall tool={toolChunk('output-error')} />
      </div>
    </Page>
  ),
  play: async ({ canvasElement }) => {
    const card = cardOf(canvasElement, 'output-available');
    await expect(getComputedStyle(card).textAlign).toBe('start');
    const code = card.querySelector<HTMLElement>('.tt-tool-code > code')!;
    await expect(getComputedStyle(code).display).toBe('inline');
    await expect(getComputedStyle(code).paddingLeft).toBe('0px');
    const copy = card.querySelector<HTMLElement>('.tt-tool-copy')!;
    await expect(getComputedStyle(copy).backgroundColor).toBe('rgb(246, 248, 250)');
  },
};

/** A 280 px column: the header wraps instead of overflowing; the badge and the timer stay inside. */
export const Narrow: Story = {
  render: () => (
    <Page theme="light" style={{ width: 280, boxSizing: 'content-box' }}>
      <ToolCall tool={toolChunk('input-streaming')} />
      <ToolCall tool={toolChunk('input-streaming', { toolCallId: 'long', toolName: 'github_create_pull_request_review_comment' })} />
      <ToolCall tool={toolChunk('output-available', { toolCallId: 'done' })} />
    </Page>
  ),
  play: async ({ canvasElement }) => {
    for (const header of canvasElement.querySelectorAll<HTMLElement>('[data-slot="tool-call-header"]')) {
      await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    }
  },
};
