import type { CSSProperties, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp } from 'vitest/browser';
import { TOOL_STATES } from '../../src/index.js';
import { ToolCall, ToolTranscript } from '../../src/react/index.js';
import '../../src/styles.css';
import stylesheet from '../../src/styles.css?raw';
import { searchInState } from '../support/tool-in-state.js';

/*
 * The theme's contract (CONTRACT.md "Theming") in a real browser: variables set on any ancestor
 * reach every card, dark follows `.dark` / `data-theme` / the system, the transcript paints no
 * background, host element styles do not reshape a card, and a narrow card does not overflow.
 */

const roots: Root[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.replaceChildren();
});

function mount(node: ReactNode, width?: number): HTMLElement {
  const element = document.createElement('div');
  if (width !== undefined) element.style.width = `${width}px`;
  document.body.append(element);
  const root = createRoot(element);
  roots.push(root);
  flushSync(() => root.render(node));
  return element;
}

/** Sets attributes on `<html>` (or a style rule) for one test. */
function onRoot(apply: (html: HTMLElement) => void, undo: (html: HTMLElement) => void): void {
  apply(document.documentElement);
  cleanups.push(() => undo(document.documentElement));
}

function injectCss(css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  cleanups.push(() => style.remove());
}

const tool = searchInState;

const slot = (host: ParentNode, name: string) => host.querySelector<HTMLElement>(`[data-slot="${name}"]`)!;
const badgeColor = (host: ParentNode) => getComputedStyle(slot(host, 'tool-call-status')).color;

/** The colour a CSS colour value computes to here (so expectations need no colour arithmetic). */
function computed(value: string): string {
  const probe = document.createElement('span');
  probe.style.color = value;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

const TEAL = 'rgb(0, 128, 128)';
const LIGHT = { success: 'rgb(26, 127, 55)', surface: 'rgb(255, 255, 255)', fg: 'rgb(31, 35, 40)' };
const DARK = { success: 'rgb(63, 185, 80)', surface: 'rgb(13, 17, 23)', fg: 'rgb(230, 237, 243)' };
const prefersDark = () => matchMedia('(prefers-color-scheme: dark)').matches;
/** The palette a card with no theme around it uses: the system's. */
const SYSTEM = () => (prefersDark() ? DARK : LIGHT);

const completed = () => <ToolTranscript chunks={[tool('output-available')]} />;

describe('variables set on any ancestor reach every card', () => {
  it('on the transcript (the README example)', () => {
    const host = mount(<ToolTranscript chunks={[tool('output-available')]} style={{ '--tt-status-success': 'teal' } as CSSProperties} />);
    expect(badgeColor(host)).toBe(TEAL);
    expect(getComputedStyle(slot(host, 'tool-call-status').querySelector('svg')!).color).toBe(TEAL);
  });

  it('on the transcript through a stylesheet rule', () => {
    injectCss('.tt-transcript { --tt-status-success: teal; --tt-radius: 3px; }');
    const host = mount(completed());
    expect(badgeColor(host)).toBe(TEAL);
    expect(getComputedStyle(slot(host, 'tool-call')).borderTopLeftRadius).toBe('3px');
  });

  it('on a wrapper, on body and on :root', () => {
    const wrapped = mount(<div style={{ '--tt-status-success': 'teal' } as CSSProperties}>{completed()}</div>);
    expect(badgeColor(wrapped)).toBe(TEAL);
    document.body.replaceChildren();

    injectCss('body { --tt-status-success: rgb(1, 2, 3); }');
    expect(badgeColor(mount(completed()))).toBe('rgb(1, 2, 3)');

    injectCss(':root { --tt-status-success: rgb(4, 5, 6); --tt-fg: rgb(7, 8, 9); }');
    const host = mount(<ToolCall tool={tool('output-available')} />);
    expect(badgeColor(host)).toBe('rgb(1, 2, 3)'); // body is nearer than :root
    expect(getComputedStyle(slot(host, 'tool-call')).color).toBe('rgb(7, 8, 9)');
  });

  it('in dark too: an override is one value for both themes', () => {
    onRoot((html) => html.classList.add('dark'), (html) => html.classList.remove('dark'));
    const host = mount(<div style={{ '--tt-status-success': 'teal' } as CSSProperties}>{completed()}</div>);
    expect(badgeColor(host)).toBe(TEAL);
    // …while the rest of the card is dark.
    expect(getComputedStyle(slot(host, 'tool-call')).backgroundColor).toBe(DARK.surface);
  });

  it('per theme: a rule of yours on .dark (as shadcn writes its tokens) overrides the dark colours', () => {
    injectCss(':root { --tt-status-success: rgb(0, 100, 0); } .dark { --tt-status-success: rgb(0, 200, 0); }');
    const host = mount(
      <div>
        <div className="light">{completed()}</div>
        <div className="dark">{completed()}</div>
      </div>,
    );
    expect(badgeColor(host.querySelector('.light')!)).toBe(LIGHT.success); // .light restates the light palette
    expect(badgeColor(host.querySelector('.dark')!)).toBe('rgb(0, 200, 0)');
    document.body.replaceChildren();
    expect(badgeColor(mount(<div data-theme="light">{completed()}</div>))).toBe(LIGHT.success);
    // Your :root rule outranks the palette on the root, the system-dark one included.
    expect(badgeColor(mount(completed()))).toBe('rgb(0, 100, 0)');
  });

  it('an element that names a theme is nearer than an override above it (documented limit)', () => {
    const host = mount(
      <div style={{ '--tt-status-success': 'teal' } as CSSProperties}>
        <div data-theme="dark">{completed()}</div>
      </div>,
    );
    expect(badgeColor(host)).toBe(DARK.success);
  });

  it('the palette avoids light-dark(), which Lightning CSS (Vite 8, Tailwind v4) rewrites into unset variables', () => {
    const rules = stylesheet.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(rules).toContain('--tt-status-success');
    expect(rules).not.toMatch(/light-dark\(/);
  });

  it('a card rendered alone, with no transcript around it, gets the defaults', () => {
    const host = mount(<ToolCall tool={tool('output-available')} />);
    expect(badgeColor(host)).toBe(SYSTEM().success);
    expect(getComputedStyle(slot(host, 'tool-call')).backgroundColor).toBe(SYSTEM().surface);
  });

  it('a card in a shadow root, with the stylesheet only inside it, gets the defaults (:host)', () => {
    const sheets = [...document.styleSheets];
    const css = sheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
    // Only the shadow tree's copy may apply: the page's would inherit into it.
    for (const sheet of sheets) sheet.disabled = true;
    cleanups.push(() => sheets.forEach((sheet) => (sheet.disabled = false)));
    const outer = document.createElement('div');
    document.body.append(outer);
    const shadow = outer.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = css;
    const container = document.createElement('div');
    shadow.append(style, container);
    const root = createRoot(container);
    roots.push(root);
    flushSync(() => root.render(<ToolCall tool={tool('output-available')} />));
    expect(getComputedStyle(document.documentElement).getPropertyValue('--tt-status-success')).toBe('');
    expect(badgeColor(shadow)).toBe(SYSTEM().success);
  });
});

describe('dark', () => {
  it('class="dark" on <html> (Tailwind, next-themes) gives every card the dark palette', () => {
    onRoot((html) => html.classList.add('dark'), (html) => html.classList.remove('dark'));
    const host = mount(completed());
    const card = slot(host, 'tool-call');
    expect(badgeColor(host)).toBe(DARK.success);
    expect(getComputedStyle(card).backgroundColor).toBe(DARK.surface);
    expect(getComputedStyle(card).color).toBe(DARK.fg);
    expect(getComputedStyle(card).colorScheme).toBe('dark');
  });

  it.each([
    ['class="dark"', { className: 'dark' }],
    ['data-theme="dark"', { 'data-theme': 'dark' }],
  ])('%s on any ancestor', (_, attributes) => {
    const host = mount(
      <section {...attributes}>
        <div>{completed()}</div>
      </section>,
    );
    expect(badgeColor(host)).toBe(DARK.success);
  });

  it('the nearest ancestor that names a theme wins, both ways', () => {
    const host = mount(
      <div className="dark">
        <div data-theme="light" id="light">
          {completed()}
          <div data-theme="dark" id="dark-again">
            {completed()}
          </div>
        </div>
      </div>,
    );
    expect(badgeColor(host.querySelector('#light > .tt-transcript')!)).toBe(LIGHT.success);
    expect(badgeColor(host.querySelector('#dark-again')!)).toBe(DARK.success);
  });

  it.each([
    ['data-theme="light"', { 'data-theme': 'light' }],
    ['class="light"', { className: 'light' }],
  ])('%s on an ancestor forces light, whatever the system prefers', (_, attributes) => {
    const host = mount(<div {...attributes}>{completed()}</div>);
    expect(badgeColor(host)).toBe(LIGHT.success);
    expect(getComputedStyle(slot(host, 'tool-call')).colorScheme).toBe('light');
  });

  describe('with the system preferring dark (emulated)', () => {
    const emulate = async (value: 'dark' | 'light') => {
      await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] });
      cleanups.push(() => void cdp().send('Emulation.setEmulatedMedia', { features: [] }));
      expect(prefersDark()).toBe(value === 'dark');
    };

    it('a card with no theme around it is dark; one inside class="light" or data-theme="light" is light', async () => {
      await emulate('dark');
      const host = mount(
        <>
          <div id="system">{completed()}</div>
          <div className="light" id="class">
            {completed()}
          </div>
          <div data-theme="light" id="attribute">
            {completed()}
          </div>
        </>,
      );
      const card = (id: string) => slot(host.querySelector(`#${id}`)!, 'tool-call');
      expect(badgeColor(host.querySelector('#system')!)).toBe(DARK.success);
      expect(getComputedStyle(card('system')).backgroundColor).toBe(DARK.surface);
      expect(getComputedStyle(card('system')).colorScheme).toBe('dark');
      for (const id of ['class', 'attribute']) {
        expect(badgeColor(host.querySelector(`#${id}`)!), id).toBe(LIGHT.success);
        expect(getComputedStyle(card(id)).colorScheme, id).toBe('light');
      }
    });

    it('class="light" on <html> keeps every card light', async () => {
      await emulate('dark');
      onRoot((html) => html.classList.add('light'), (html) => html.classList.remove('light'));
      const host = mount(completed());
      expect(badgeColor(host)).toBe(LIGHT.success);
      expect(getComputedStyle(slot(host, 'tool-call')).color).toBe(LIGHT.fg);
    });

    it('the system preferring light: light', async () => {
      await emulate('light');
      expect(badgeColor(mount(completed()))).toBe(LIGHT.success);
    });
  });

  it('no ancestor naming a theme: the card follows the system preference', () => {
    const host = mount(completed());
    expect(getComputedStyle(slot(host, 'tool-call')).colorScheme).toBe(prefersDark() ? 'dark' : 'light');
    expect(badgeColor(host)).toBe(SYSTEM().success);
  });
});

describe('the transcript paints no background of its own', () => {
  it.each(['light', 'dark'] as const)('in %s, and keeps the page text colour', (theme) => {
    const host = mount(
      <div data-theme={theme} style={{ color: 'rgb(10, 20, 30)', background: 'rgb(250, 240, 230)' }}>
        <ToolTranscript text={'Some **prose** with `code`.\n\n```tool search\ninput:\n  q: x\n```\n'} />
      </div>,
    );
    const transcript = host.querySelector<HTMLElement>('.tt-transcript')!;
    expect(getComputedStyle(transcript).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    expect(getComputedStyle(transcript).backgroundImage).toBe('none');
    expect(getComputedStyle(transcript.querySelector('p')!).color).toBe('rgb(10, 20, 30)');
    // The cards keep their own surface.
    expect(getComputedStyle(slot(host, 'tool-call')).backgroundColor).toBe(theme === 'dark' ? DARK.surface : LIGHT.surface);
  });

  it('unless you ask for one with --tt-bg', () => {
    const host = mount(<ToolTranscript text="x" style={{ '--tt-bg': 'rgb(1, 1, 1)' } as CSSProperties} />);
    expect(getComputedStyle(host.querySelector('.tt-transcript')!).backgroundColor).toBe('rgb(1, 1, 1)');
  });
});

/* ------------------------------------------------------------------------------------------ */

/**
 * The global CSS of a new Vite React app (`npm create vite`, template react-ts: `index.css`, and
 * the older template's `button` and `#root` rules), plus Tailwind preflight's resets, unlayered
 * (the harshest case). The root font size is left alone: a card sized in `rem` follows it on
 * purpose.
 */
const HOST_CSS = `
:root { font: 16px/145% system-ui, 'Segoe UI', Roboto, sans-serif; letter-spacing: 0.18px; color: #6b6375; }
#root { width: 1126px; max-width: 100%; margin: 0 auto; text-align: center; box-sizing: border-box; }
h1, h2 { font-weight: 500; }
p { margin: 0; }
code { font-family: ui-monospace, Consolas, monospace; display: inline-flex; border-radius: 4px; color: #08060d;
  font-size: 15px; line-height: 135%; padding: 4px 8px; background: #f4f3ec; }
pre { margin: 2em; padding: 1em; line-height: 1.1; color: purple; background: #eee; border: 2px solid red; white-space: pre; }
button { border-radius: 8px; border: 1px solid transparent; padding: 0.6em 1.2em; font-size: 1em; font-weight: 500;
  font-family: inherit; background-color: #1a1a1a; color: white; cursor: pointer; transition: border-color 0.25s;
  letter-spacing: 0.1em; text-transform: uppercase; margin: 4px; line-height: 2; }
button:hover { border-color: #646cff; }
button:focus, button:focus-visible { outline: 4px auto -webkit-focus-ring-color; }
*, ::before, ::after { box-sizing: border-box; margin: 0; padding: 0; border: 0 solid; }
svg { display: block; vertical-align: middle; }
`;

const LAYOUT_PROPERTIES = [
  'display',
  'box-sizing',
  'margin-top',
  'margin-left',
  'padding-top',
  'padding-left',
  'border-top-width',
  'border-left-width',
  'border-top-color',
  'border-top-left-radius',
  'background-color',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-transform',
  'white-space',
] as const;

/** Every element under `card` (and itself): its box (relative to `card`) and the computed styles that shape it. */
function describeCard(card: HTMLElement): Map<string, string> {
  const origin = card.getBoundingClientRect();
  const facts = new Map<string, string>();
  [card, ...card.querySelectorAll<Element>('*')].forEach((element, index) => {
    const name = `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`;
    const box = element.getBoundingClientRect();
    const rect = [box.left - origin.left, box.top - origin.top, box.width, box.height].map((n) => Math.round(n * 10) / 10);
    facts.set(`${name} box`, rect.join(','));
    const style = getComputedStyle(element);
    for (const property of LAYOUT_PROPERTIES) facts.set(`${name} ${property}`, style.getPropertyValue(property));
  });
  return facts;
}

/** What differs between two descriptions, one line per fact: empty when the page CSS changed nothing. */
function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before].filter(([fact, value]) => after.get(fact) !== value).map(([fact, value]) => `${fact}: ${value} → ${after.get(fact)}`);
}

function withHostCss(measure: () => Map<string, string>): string[] {
  const before = measure();
  injectCss(HOST_CSS);
  return differences(before, measure());
}

describe('host element styles (a Vite template, Tailwind preflight) do not change the cards', () => {
  it.each(TOOL_STATES)('state %s: same boxes and computed styles with and without the page CSS', async (state) => {
    const host = mount(
      <div id="root">
        <ToolTranscript chunks={[tool(state, { closed: true })]} />
      </div>,
      640,
    );
    if (state === 'input-streaming') await vi.waitFor(() => expect(host.querySelector('progress')).not.toBeNull());
    const card = slot(host, 'tool-call');
    // The clock ticks; its text is not what this test is about.
    const freeze = () => card.querySelector('[data-slot="tool-call-elapsed"]')?.replaceChildren('0s');
    const changed = withHostCss(() => {
      freeze();
      return describeCard(card);
    });
    expect(changed).toEqual([]);
  });

  it('a long input keeps its "Show all" button as the card draws it', () => {
    const huge = { text: 'x'.repeat(300_000) };
    const host = mount(<div id="root"><ToolCall tool={tool('input-available', { input: huge })} /></div>, 640);
    const button = slot(host, 'tool-call-show-all');
    expect(withHostCss(() => describeCard(button.closest('p')!))).toEqual([]);
  });

  it('the page can still restyle the card with a class rule', () => {
    injectCss(HOST_CSS + '.tt-tool { text-align: right; } .tt-tool-code { line-height: 2; }');
    const host = mount(<ToolCall tool={tool('output-available')} />);
    expect(getComputedStyle(slot(host, 'tool-call')).textAlign).toBe('right');
    expect(getComputedStyle(host.querySelector('.tt-tool-code')!).lineHeight).toBe(`${2 * 13}px`);
  });
});

/* ------------------------------------------------------------------------------------------ */

const LONG_NAME = 'github_create_pull_request_review_comment';

describe('a card in a 280 px column', () => {
  const cases = [
    ...TOOL_STATES.map((state) => [state, 'search'] as const),
    ['input-streaming', LONG_NAME] as const,
    ['output-error', LONG_NAME] as const,
  ];

  it.each(cases)('state %s, tool %s: nothing overflows, badge and timer stay inside', async (state, toolName) => {
    const host = mount(<ToolTranscript chunks={[tool(state, { toolName, closed: state !== 'input-streaming' })]} />, 280);
    if (state === 'input-streaming') await vi.waitFor(() => expect(host.querySelector('progress')).not.toBeNull());
    const card = slot(host, 'tool-call');
    const header = slot(host, 'tool-call-header');
    expect(card.getBoundingClientRect().width).toBe(280);
    expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    const inner = header.getBoundingClientRect();
    const inside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.left >= inner.left - 0.5 && box.right <= inner.right + 0.5 && box.width > 0;
    };
    for (const part of ['tool-call-status', 'tool-call-name', 'tool-call-elapsed', 'tool-call-progress']) {
      const element = host.querySelector(`[data-slot="${part}"]`);
      if (element) expect(inside(element), part).toBe(true);
    }
    // The badge keeps its label on one line, icon beside it.
    const badge = slot(host, 'tool-call-status');
    expect(badge.getBoundingClientRect().height).toBeLessThan(28);
  });

  it('at a comfortable width the header stays one line', () => {
    const host = mount(<ToolTranscript chunks={[tool('output-available')]} />, 480);
    const name = slot(host, 'tool-call-name').getBoundingClientRect();
    const badge = slot(host, 'tool-call-status').getBoundingClientRect();
    expect(Math.abs(name.top + name.height / 2 - (badge.top + badge.height / 2))).toBeLessThan(2);
  });
});

/* ------------------------------------------------------------------------------------------ */

/** shadcn/ui's default (neutral) tokens, Tailwind v4 template: oklch colours on :root and .dark. */
const SHADCN_CSS = `
.shadcn-app {
  --radius: 0.625rem; --background: oklch(1 0 0); --foreground: oklch(0.145 0 0); --card: oklch(1 0 0);
  --card-foreground: oklch(0.145 0 0); --primary: oklch(0.205 0 0); --secondary: oklch(0.97 0 0);
  --muted: oklch(0.97 0 0); --muted-foreground: oklch(0.556 0 0); --border: oklch(0.922 0 0);
  --ring: oklch(0.708 0 0); --destructive: oklch(0.577 0.245 27.325);
}
.shadcn-app.dark {
  --background: oklch(0.145 0 0); --foreground: oklch(0.985 0 0); --card: oklch(0.205 0 0);
  --card-foreground: oklch(0.985 0 0); --primary: oklch(0.922 0 0); --secondary: oklch(0.269 0 0);
  --muted: oklch(0.269 0 0); --muted-foreground: oklch(0.708 0 0); --border: oklch(1 0 0 / 10%);
  --ring: oklch(0.556 0 0); --destructive: oklch(0.704 0.191 22.216);
}
`;

describe('the shadcn mapping (class="tt-shadcn")', () => {
  it.each(['', 'dark'])('maps card, border, muted, radius and destructive onto shadcn tokens %s', (dark) => {
    injectCss(SHADCN_CSS);
    const host = mount(
      <div className={`shadcn-app ${dark}`}>
        <ToolTranscript className="tt-shadcn" chunks={[tool('output-error')]} />
      </div>,
    );
    const app = host.querySelector<HTMLElement>('.shadcn-app')!;
    const token = (name: string) => computed(getComputedStyle(app).getPropertyValue(name));
    const card = getComputedStyle(slot(host, 'tool-call'));
    expect(card.backgroundColor).toBe(token('--card'));
    expect(card.color).toBe(token('--card-foreground'));
    expect(card.borderTopColor).toBe(token('--border'));
    expect(card.borderTopLeftRadius).toBe('8px');
    expect(getComputedStyle(slot(host, 'tool-call-header')).backgroundColor).toBe(token('--muted'));
    expect(card.colorScheme).toBe(dark || prefersDark() ? 'dark' : 'light');
  });
});

/** shadcn/ui's default tokens in a Tailwind v3 app: bare HSL triplets (slate). */
const SHADCN_V3_TOKENS = `
.shadcn-v3 {
  --radius: 0.5rem; --background: 0 0% 100%; --foreground: 222.2 84% 4.9%; --card: 0 0% 100%;
  --card-foreground: 222.2 84% 4.9%; --primary: 222.2 47.4% 11.2%; --secondary: 210 40% 96.1%;
  --muted: 210 40% 96.1%; --muted-foreground: 215.4 16.3% 46.9%; --border: 214.3 31.8% 91.4%;
  --ring: 222.2 84% 4.9%; --destructive: 0 84.2% 60.2%;
}
`;

/** A computed colour as sRGB bytes, whatever its notation (rgb, oklch, color-mix results). */
function rgbOf(color: string): [number, number, number] {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!];
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = rgbOf(color).map((byte) => {
      const c = byte / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('tt-shadcn-v3: the stylesheet on a Tailwind v3 shadcn app (hsl(var(--x)))', () => {
  it('resolves every colour and keeps small text at 4.5:1', () => {
    injectCss(SHADCN_V3_TOKENS);
    const host = mount(
      <div className="shadcn-v3 light">
        <ToolTranscript className="tt-shadcn-v3" chunks={[tool('output-error')]} />
      </div>,
    );
    const card = getComputedStyle(slot(host, 'tool-call'));
    expect(card.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(card.borderTopColor).toBe(computed('hsl(214.3 31.8% 91.4%)'));
    expect(card.borderTopLeftRadius).toBe('6px');
    const badge = getComputedStyle(slot(host, 'tool-call-status'));
    expect(contrast(badge.color, badge.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    const label = getComputedStyle(host.querySelector('.tt-tool-section-label')!);
    expect(contrast(label.color, card.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    const copy = getComputedStyle(host.querySelector('.tt-tool-copy')!);
    expect(contrast(copy.color, copy.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    // Without the leaning mixes, shadcn's own pairs fall short: the check can fail.
    expect(contrast(computed('hsl(0 84.2% 60.2%)'), badge.backgroundColor)).toBeLessThan(4.5);
  });
});
