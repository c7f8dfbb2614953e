import { Profiler, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolTranscript, type ToolComponentProps } from '../../src/react/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { TOOL_STATES } from '../../src/index.js';
import '../../src/styles.css';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function host(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

function mount(node: ReactNode): HTMLElement {
  const element = host();
  const root = createRoot(element);
  roots.push(root);
  flushSync(() => root.render(node));
  return element;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const EVERY_STATE = [
  'Intro with **bold**, `code`, a [link](https://example.com) and a table:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n',
  '```tool name=weather id=w1\nstate: output-available\ninput:\n  city: Paris\noutput:\n  summary: Light rain\n```\n\n',
  '```tool search\ninput:\n  q: tides\n```\n\n',
  '```tool book id=b1\nstate: output-error\ninput: {}\nerrorText: not found\n```\n\n',
  '🛠️[create-file main.py]\nprint("hi")\n🛠️[/end]\n\n',
  'Still writing:\n\n```tool stream\ninput:\n  path: a.ts\n',
].join('');

function Weather({ tool }: ToolComponentProps) {
  return <div className="weather">{(tool.output as { summary: string }).summary}</div>;
}

describe('server rendering and hydration (Chromium)', () => {
  it('hydrates renderToString markup without a mismatch, then adds the client-only progress', async () => {
    const element = <ToolTranscript text={EVERY_STATE} streaming toolComponents={{ weather: Weather }} />;
    const html = renderToString(element);
    expect(html).toContain('data-status="input-streaming"');
    expect(html).not.toContain('<progress');

    const container = host();
    container.innerHTML = html;
    const firstParagraph = container.querySelector('p');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = hydrateRoot(container, element, { onRecoverableError: recoverable });
    roots.push(root);
    await nextFrame();
    await nextFrame();

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // Hydrated in place: the server's nodes are kept.
    expect(container.querySelector('p')).toBe(firstParagraph);
    expect([...container.querySelectorAll<HTMLElement>('[data-tool-call-id]')].map((el) => `${el.dataset.toolCallId}:${el.dataset.status}`)).toEqual([
      'w1:output-available',
      'tool-call-2:input-available',
      'b1:output-error',
      'tool-call-4:input-available',
      'tool-call-5:input-streaming',
    ]);
    expect(container.querySelector('.weather')!.textContent).toBe('Light rain');
    // After hydration the streaming card shows its elapsed time and progress bar.
    const streaming = container.querySelector('[data-tool-call-id="tool-call-5"]')!;
    expect(streaming.querySelector('progress')).not.toBeNull();
    expect(streaming.querySelector('[data-slot="tool-call-elapsed"]')!.textContent).toBe('0s');
  });

  it('hydrates a message and a chunk list too', async () => {
    const message = {
      id: 'm',
      role: 'assistant' as const,
      parts: [
        { type: 'text' as const, text: 'Hi\n```tool a\n```', state: 'done' as const },
        { type: 'dynamic-tool' as const, toolName: 'n', toolCallId: 'n1', state: 'input-streaming' as const, input: { x: 1 } },
      ],
    };
    for (const element of [<ToolTranscript message={message} />, <ToolTranscript chunks={[{ type: 'text', value: 'plain' }]} />]) {
      const container = host();
      container.innerHTML = renderToString(element);
      const errors = vi.spyOn(console, 'error');
      const recoverable = vi.fn();
      roots.push(hydrateRoot(container, element, { onRecoverableError: recoverable }));
      await nextFrame();
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
    }
  });
});

describe('incremental rendering (Chromium)', () => {
  /** A transcript of `blocks` paragraphs and tool calls. */
  function transcript(blocks: number): string {
    let text = '';
    for (let i = 0; i < blocks; i++) {
      text += `Paragraph ${i} with **bold** and \`code\`.\n\n`;
      if (i % 3 === 2) text += `\`\`\`tool step\ninput:\n  n: ${i}\n\`\`\`\n\n`;
    }
    return text;
  }

  /** Renders per delta (markdown paragraphs, tool cards, Profiler commits) after a prefix of `prefixBlocks` blocks. */
  function rendersPerDelta(prefixBlocks: number) {
    let paragraphs = 0;
    let tools = 0;
    let commits = 0;
    const P = ({ children }: { children?: ReactNode }) => {
      paragraphs++;
      return <p>{children}</p>;
    };
    const Step = ({ tool }: ToolComponentProps) => {
      tools++;
      return <span>{tool.state}</span>;
    };
    const store = createTranscriptStore();
    store.append(transcript(prefixBlocks));
    mount(
      <Profiler id="transcript" onRender={() => commits++}>
        <ToolTranscript store={store} components={{ p: P }} toolComponents={{ step: Step }} />
      </Profiler>,
    );
    paragraphs = tools = commits = 0;
    const deltas = 'The last paragraph grows four characters at a time.'.match(/.{1,4}/g)!;
    for (const delta of deltas) flushSync(() => store.append(delta));
    return { deltas: deltas.length, paragraphs, tools, commits };
  }

  it('does the same rendering work per delta at 60 KB as at 1 KB', () => {
    const small = rendersPerDelta(10);
    const large = rendersPerDelta(1201);
    expect(transcript(1201).length).toBeGreaterThan(60_000);
    // One paragraph (the growing one) per delta, plus once the paragraph before it, found finished
    // by the first delta; no tool card; one commit per delta — whatever the length.
    expect(small).toEqual({ deltas: 13, paragraphs: 14, tools: 0, commits: 13 });
    expect(large).toEqual(small);
  });

  it('streams a ReadableStream into the DOM and cancels it on unmount', async () => {
    const cancel = vi.fn();
    let controller!: ReadableStreamDefaultController<string>;
    const stream = new ReadableStream<string>({ start: (c) => void (controller = c), cancel });
    const element = host();
    const root = createRoot(element);
    flushSync(() => root.render(<ToolTranscript stream={stream} />));
    for (const delta of ['Reading ', '**files**\n\n', '```tool read\ninput:\n  path: a', '.ts\n']) controller.enqueue(delta);
    await vi.waitFor(() => expect(element.querySelector('[data-tool-call-id="tool-call-1"]')?.getAttribute('data-status')).toBe('input-streaming'));
    expect(element.querySelector('strong')!.textContent).toBe('files');
    expect(element.querySelector('[data-slot="tool-call-input"] pre')!.textContent).toBe('{\n  "path": "a.ts"\n}');
    root.unmount();
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });
});

describe('theme (Chromium)', () => {
  const colors = (theme: 'light' | 'dark') =>
    TOOL_STATES.map((state) => {
      const element = mount(
        <div data-theme={theme}>
          <ToolTranscript chunks={[{ type: 'tool', toolCallId: 'x', toolName: 't', state, input: {}, syntax: 'fence', raw: '', closed: true, errorText: 'e', output: 1 }]} />
        </div>,
      );
      // The state's colour, on its badge (the card's edge is neutral, as AI Elements' Tool).
      return getComputedStyle(element.querySelector('[data-slot="tool-call-status"]')!).color;
    });

  it('colours each state differently, in light and in dark (the two approval states share one colour)', () => {
    const light = colors('light');
    const dark = colors('dark');
    expect(new Set(light).size).toBe(TOOL_STATES.length - 1);
    expect(new Set(dark).size).toBe(TOOL_STATES.length - 1);
    expect(light[TOOL_STATES.indexOf('approval-requested')]).toBe(light[TOOL_STATES.indexOf('approval-responded')]);
    expect(light).not.toEqual(dark);
    expect(light[TOOL_STATES.indexOf('output-error')]).toBe('rgb(207, 34, 46)');
  });

  it('hides the announcement visually but keeps it in the accessibility tree', () => {
    const element = mount(<ToolTranscript text={'```tool t\n```'} />);
    const live = element.querySelector<HTMLElement>('[aria-live="polite"]')!;
    expect(live.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    expect(getComputedStyle(live).display).not.toBe('none');
  });

  it('gives cards dark colours from the system preference unless light is forced', () => {
    const element = mount(<ToolTranscript text={'```tool t\n```'} />);
    const card = element.querySelector<HTMLElement>('.tt-tool')!;
    const prefersDark = matchMedia('(prefers-color-scheme: dark)').matches;
    expect(getComputedStyle(card).color).toBe(prefersDark ? 'rgb(230, 237, 243)' : 'rgb(31, 35, 40)');
  });
});
