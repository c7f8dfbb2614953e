import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { Profiler, StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTranscript, type ToolChunk } from '../../src/index.js';
import { ToolTranscript, useToolTranscript, type ToolComponentProps } from '../../src/react/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';
import { createTranscriptStore } from '../../src/store/index.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TRANSCRIPT = [
  'I looked up the **weather**.\n\n',
  '```tool name=weather id=call_42\nstate: output-available\ninput:\n  city: Paris\noutput:\n  summary: Light rain\n```\n',
  '\nThen I wrote a file:\n\n',
  '🛠️[create-file main.py]\nprint("hi")\n🛠️[/end]\n\n',
  'All done.\n',
].join('');

const cards = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-tool-call-id]')].map((el) => `${el.dataset.toolCallId}:${el.dataset.status}`);

/** A controllable ReadableStream<string> with a spy on its cancel. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<string>;
  const cancel = vi.fn();
  const stream = new ReadableStream<string>({
    start(c) {
      controller = c;
    },
    cancel,
  });
  return { stream, controller, cancel };
}

describe('<ToolTranscript text>', () => {
  it('renders markdown and one card per tool call', () => {
    const { container } = render(<ToolTranscript text={TRANSCRIPT} />);
    expect(container.querySelector('strong')!.textContent).toBe('weather');
    expect(cards(container)).toEqual(['call_42:output-available', 'tool-call-2:input-available']);
    expect(container.textContent).toContain('All done.');
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('tt-transcript');
    expect(root.dataset.transcriptStatus).toBe('done');
  });

  it('passes div attributes and className to the root', () => {
    const { container } = render(<ToolTranscript text="hi" className="chat" id="t1" aria-label="Answer" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('tt-transcript chat');
    expect(root.id).toBe('t1');
    expect(root.getAttribute('aria-label')).toBe('Answer');
  });

  it('shows a growing text: an open block appears at its opener as input-streaming', () => {
    const { container, rerender } = render(<ToolTranscript text="Let me check." streaming />);
    rerender(<ToolTranscript text={'Let me check.\n\n```tool search\ninput:\n  q: ti'} streaming />);
    expect(cards(container)).toEqual(['tool-call-1:input-streaming']);
    rerender(<ToolTranscript text={'Let me check.\n\n```tool search\ninput:\n  q: tides\n```\nFound it.'} streaming />);
    expect(cards(container)).toEqual(['tool-call-1:input-available']);
    expect(container.textContent).toContain('Found it.');
  });

  it('feeds only the suffix when the text extends the previous one, and restarts otherwise', () => {
    const { result, rerender } = renderHook(({ text }) => useToolTranscript({ text, streaming: true }), {
      initialProps: { text: 'Hello' },
    });
    const store = result.current;
    const append = vi.spyOn(store, 'append');
    const reset = vi.spyOn(store, 'reset');
    rerender({ text: 'Hello, wor' });
    rerender({ text: 'Hello, world' });
    expect(append.mock.calls).toEqual([[', wor'], ['ld']]);
    expect(reset).not.toHaveBeenCalled();
    rerender({ text: 'Goodbye' });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(append.mock.calls.at(-1)).toEqual(['Goodbye']);
    expect(result.current).toBe(store);
    expect(store.getState().byId['text-1']).toEqual({ type: 'text', value: 'Goodbye' });
  });

  it('without `streaming`: the first text is complete, a text that grows keeps the parse open', () => {
    const { result, rerender } = renderHook(({ text }) => useToolTranscript({ text }), {
      initialProps: { text: 'Hi ```tool' },
    });
    const store = result.current;
    expect(store.getState().status).toBe('done');
    rerender({ text: 'Hi\n```tool x\n' });
    expect(store.getState().status).toBe('streaming');
    expect(store.getItem('tool-call-1')).toMatchObject({ state: 'input-streaming' });
    const append = vi.spyOn(store, 'append');
    rerender({ text: 'Hi\n```tool x\n```' });
    expect(append.mock.calls).toEqual([['```']]);
  });

  it('streaming={false} ends the parse: an unclosed block is interrupted (as in the other sources), not streaming', () => {
    const { container } = render(<ToolTranscript text={'```tool x\ninput: {a: 1}\n'} streaming={false} />);
    expect(cards(container)).toEqual(['tool-call-1:output-error']);
    expect(container.textContent).toContain(INTERRUPTED_TEXT);
  });

  it('without streaming, a first text is complete: an unclosed block is finished best-effort', () => {
    const { container } = render(<ToolTranscript text={'```tool x\ninput: {a: 1}\n'} />);
    expect(cards(container)).toEqual(['tool-call-1:input-available']);
  });

  it('passes the parser options (idPrefix, syntaxes, tools)', () => {
    const text = '🛠️[run a]\nb\n🛠️[/end]\n```tool x\n```';
    const { container, rerender } = render(<ToolTranscript text={text} idPrefix="c" syntaxes={['fence']} />);
    expect(cards(container)).toEqual(['c1:input-available']);
    rerender(<ToolTranscript text={text} idPrefix="c" syntaxes={['fence']} tools={[{ name: 'y' }]} strictTools />);
    expect(cards(container)).toEqual(['c1:output-error']);
  });

  it('accepts exactly one source', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const both = { text: 'a', chunks: [] } as unknown as { text: string };
    expect(() => render(<ToolTranscript {...both} />)).toThrow(/exactly one of text, stream, chunks, store or message \(got text, chunks\)/);
  });
});

describe('<ToolTranscript stream>', () => {
  it('renders a ReadableStream as it arrives, ends it, and cancels it on unmount', async () => {
    const { stream, controller, cancel } = controlledStream();
    const { container, unmount } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('Checking.\n\n```tool search\ninput:\n  q: 1\n'));
    await waitFor(() => expect(cards(container)).toEqual(['tool-call-1:input-streaming']));
    expect(container.textContent).toContain('Checking.');
    unmount();
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  it('ends the transcript when the stream closes', async () => {
    const { stream, controller } = controlledStream();
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => {
      controller.enqueue('```tool x\n');
      controller.close();
    });
    await waitFor(() => expect(cards(container)).toEqual(['tool-call-1:input-available']));
    expect((container.firstElementChild as HTMLElement).dataset.transcriptStatus).toBe('done');
  });

  it('a stream that errors: the open tool is interrupted, the transcript gives the reason, nothing disappears', async () => {
    const { stream, controller } = controlledStream();
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('Before.\n\n```tool search\n'));
    await act(async () => controller.error(new Error('network down')));
    await waitFor(() => expect(cards(container)).toEqual(['tool-call-1:output-error']));
    expect(container.textContent).toContain('Before.');
    expect(container.querySelector('[data-slot="tool-call-error"] pre')!.textContent).toBe('The response stopped before this call was complete.');
    expect(container.querySelector('[data-slot="transcript-error"]')!.textContent).toBe('network down');
    expect((container.firstElementChild as HTMLElement).dataset.transcriptStatus).toBe('error');
  });

  it('reads an async iterable, and stops it on unmount', async () => {
    let release!: () => void;
    const stopped = vi.fn();
    async function* deltas() {
      try {
        yield 'Hello ';
        yield 'world';
        await new Promise<void>((resolve) => (release = resolve));
        yield 'never shown';
      } finally {
        stopped();
      }
    }
    const { container, unmount } = render(<ToolTranscript stream={deltas()} />);
    await waitFor(() => expect(container.textContent).toBe('Hello world'));
    unmount();
    release();
    await waitFor(() => expect(stopped).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('survives StrictMode’s double effects: reads once, cancels once on unmount', async () => {
    const { stream, controller, cancel } = controlledStream();
    const { container, unmount } = render(
      <StrictMode>
        <ToolTranscript stream={stream} />
      </StrictMode>,
    );
    await act(async () => controller.enqueue('one two'));
    await waitFor(() => expect(container.textContent).toBe('one two'));
    expect(cancel).not.toHaveBeenCalled();
    unmount();
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  it('decodes byte streams', async () => {
    const bytes = new TextEncoder().encode('héllo 🛠️');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 2));
        c.enqueue(bytes.slice(2));
        c.close();
      },
    });
    const { container } = render(<ToolTranscript stream={stream as unknown as ReadableStream<string>} />);
    await waitFor(() => expect(container.textContent).toBe('héllo 🛠️'));
  });
});

describe('<ToolTranscript chunks | store | message>', () => {
  it('chunks: renders given chunks', () => {
    const { container } = render(<ToolTranscript chunks={parseTranscript(TRANSCRIPT)} />);
    expect(cards(container)).toEqual(['call_42:output-available', 'tool-call-2:input-available']);
  });

  it('store: renders what the host feeds, settles with setToolOutput', () => {
    const store = createTranscriptStore();
    const { container } = render(<ToolTranscript store={store} />);
    act(() => store.append('Running:\n```tool deploy\ninput: {env: prod}\n```\n'));
    expect(cards(container)).toEqual(['tool-call-1:input-available']);
    act(() => store.setToolOutput('tool-call-1', { ok: true }));
    expect(cards(container)).toEqual(['tool-call-1:output-available']);
    expect(container.querySelector('[data-slot="tool-call-output"] pre')!.textContent).toBe('{\n  "ok": true\n}');
  });

  it('message: parses text parts and renders native tool parts as the same cards', () => {
    const message = {
      id: 'm1',
      role: 'assistant' as const,
      parts: [
        { type: 'step-start' as const },
        { type: 'text' as const, text: 'Looking.\n```tool search\ninput: {q: 1}\n```', state: 'done' as const },
        { type: 'tool-weather' as const, toolCallId: 'w1', state: 'output-available' as const, input: { city: 'Oslo' }, output: { temp: 4 } },
        { type: 'dynamic-tool' as const, toolName: 'fetch', toolCallId: 'f1', state: 'input-streaming' as const, input: { url: 'https://ex' } },
        { type: 'reasoning' as const, text: 'collapsed', state: 'done' as const },
      ],
    };
    const { container } = render(<ToolTranscript message={message} />);
    expect(cards(container)).toEqual(['tool-call-1:input-available', 'w1:output-available', 'f1:input-streaming']);
    // A reasoning part is a reasoning disclosure, collapsed once done (it was skipped before reasoning support).
    const reasoning = container.querySelector<HTMLDetailsElement>('details.tt-reasoning')!;
    expect(reasoning.open).toBe(false);
    expect(reasoning.querySelector('.tt-reasoning-body')!.textContent).toBe('collapsed');
    expect(container.querySelector('[data-tool-call-id="w1"]')!.getAttribute('data-tool-name')).toBe('weather');
  });
});

describe('incremental rendering', () => {
  it('a delta re-renders neither finished markdown blocks nor finished tool cards', () => {
    const paragraphRenders = new Map<string, number>();
    const P = ({ children }: { children?: ReactNode }) => {
      const key = String(Array.isArray(children) ? children.join('') : children).slice(0, 12);
      paragraphRenders.set(key, (paragraphRenders.get(key) ?? 0) + 1);
      return <p>{children}</p>;
    };
    const toolRenders = new Map<string, number>();
    const Counted = ({ tool }: ToolComponentProps) => {
      toolRenders.set(tool.toolCallId, (toolRenders.get(tool.toolCallId) ?? 0) + 1);
      return <span>{tool.state}</span>;
    };
    const store = createTranscriptStore();
    const itemCommits: string[] = [];
    render(
      <Profiler id="t" onRender={(_id, phase) => itemCommits.push(phase)}>
        <ToolTranscript store={store} components={{ p: P }} toolComponents={{ a: Counted, b: Counted }} />
      </Profiler>,
    );
    act(() => store.append('First paragraph.\n\n```tool a\n```\n\nSecond paragraph.\n\n```tool b\n```\n\nThird paragraph'));
    const before = { p: new Map(paragraphRenders), t: new Map(toolRenders) };
    expect(before.t).toEqual(new Map([['tool-call-1', 1], ['tool-call-2', 1]]));
    for (const delta of [' grows', ' and', ' grows.']) act(() => store.append(delta));
    expect(paragraphRenders.get('First paragr')).toBe(before.p.get('First paragr'));
    expect(paragraphRenders.get('Second parag')).toBe(before.p.get('Second parag'));
    expect(toolRenders).toEqual(before.t);
    expect(paragraphRenders.get('Third paragr')).toBe(before.p.get('Third paragr')! + 3);
    // One commit per change: the mount, the first append, then one per delta.
    expect(itemCommits).toEqual(['mount', 'update', 'update', 'update', 'update']);
  });

  it('a new block in the same text item re-renders no finished block', () => {
    const renders: string[] = [];
    const P = ({ children }: { children?: ReactNode }) => {
      renders.push(String(children));
      return <p>{children}</p>;
    };
    const { rerender } = render(<ToolTranscript text="one" streaming components={{ p: P }} />);
    rerender(<ToolTranscript text={'one\n\ntwo'} streaming components={{ p: P }} />);
    rerender(<ToolTranscript text={'one\n\ntwo\n\nthree'} streaming components={{ p: P }} />);
    expect(renders.filter((r) => r === 'one')).toHaveLength(2); // first render, then once more when it was found finished
    expect(renders.filter((r) => r === 'two')).toHaveLength(2);
  });

  it('inline tools/components/plugins do not re-render the items', () => {
    let renders = 0;
    const Card = () => {
      renders++;
      return <b>card</b>;
    };
    const { rerender } = render(<ToolTranscript text={'```tool a\n```\n'} streaming toolComponents={{ a: Card }} remarkPlugins={[]} />);
    rerender(<ToolTranscript text={'```tool a\n```\nmore'} streaming toolComponents={{ a: Card }} remarkPlugins={[]} />);
    expect(renders).toBe(1);
  });

  it('renders the last block of a live text as finished: bold, code, an open fence', () => {
    const { container, rerender } = render(<ToolTranscript text="Some **bold" streaming />);
    expect(container.querySelector('strong')!.textContent).toBe('bold');
    rerender(<ToolTranscript text={'Some **bold** and `code'} streaming />);
    expect(container.querySelector('code')!.textContent).toBe('code');
    rerender(<ToolTranscript text={'Some **bold** and `code`\n\n```js\nconst a = 1'} streaming />);
    expect(container.querySelector('pre code')!.textContent).toBe('const a = 1\n');
  });

  it('a finished text shows half-written markdown as written', () => {
    const { container } = render(<ToolTranscript text="Some **bold" />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe('Some **bold');
  });
});

describe('custom renderers', () => {
  it('get the whole ToolChunk and carry the contract’s attributes', () => {
    const seen: ToolChunk[] = [];
    const Weather = ({ tool }: ToolComponentProps) => {
      seen.push(tool);
      return <div className="weather">{String((tool.output as { summary: string }).summary)}</div>;
    };
    const { container } = render(<ToolTranscript text={TRANSCRIPT} toolComponents={{ weather: Weather }} />);
    expect(seen.at(-1)).toEqual(parseTranscript(TRANSCRIPT)[1]);
    expect(container.querySelector('.weather')!.textContent).toBe('Light rain');
    expect(cards(container)).toEqual(['call_42:output-available', 'tool-call-2:input-available']);
  });

  it('one that throws is contained: the default card with the error, the rest keeps rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = (): ReactNode => {
      throw new Error('renderer bug');
    };
    const store = createTranscriptStore();
    const { container } = render(<ToolTranscript store={store} toolComponents={{ weather: Broken }} />);
    act(() => store.append(TRANSCRIPT));
    expect(cards(container)).toEqual(['call_42:output-available', 'tool-call-2:input-available']);
    const card = container.querySelector('[data-tool-call-id="call_42"]')!;
    expect(card.getAttribute('data-slot')).toBe('tool-call');
    expect(card.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toBe('The custom renderer for “weather” failed: renderer bug');
    expect(card.querySelector('[data-slot="tool-call-output"]')).not.toBeNull();
    act(() => store.append('\nMore text after the failure.'));
    expect(container.textContent).toContain('More text after the failure.');
  });

  it('a renderer that fails for one state gets another try with the next one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Picky = ({ tool }: ToolComponentProps) => {
      if (tool.state === 'input-streaming') throw new Error('not yet');
      return <i className="picky">{tool.state}</i>;
    };
    const store = createTranscriptStore();
    const { container } = render(<ToolTranscript store={store} toolComponents={{ x: Picky }} />);
    act(() => store.append('```tool x\n'));
    expect(container.querySelector('[data-slot="tool-call-renderer-error"]')).not.toBeNull();
    act(() => store.append('```'));
    act(() => store.end());
    expect(container.querySelector('.picky')!.textContent).toBe('input-available');
  });

  it('a tool named like an Object.prototype member gets the default card', () => {
    const { container } = render(<ToolTranscript text={'```tool constructor\n```'} toolComponents={{}} />);
    expect(container.querySelector('[data-slot="tool-call"]')!.getAttribute('data-tool-name')).toBe('constructor');
  });
});

describe('card settings', () => {
  const status = (container: HTMLElement) => container.querySelector('[data-slot="tool-call-status"]')!.textContent;

  it('a call with its input and no result is Running while the transcript streams (and something runs it), Called once it is over', () => {
    const store = createTranscriptStore();
    const onToolOutput = () => {};
    const { container, rerender } = render(<ToolTranscript store={store} onToolOutput={onToolOutput} />);
    act(() => store.append('```tool search\ninput:\n  q: cats\n```\nStill writing'));
    expect(status(container)).toContain('Running');
    act(() => store.end());
    expect(status(container)).toContain('Called');
    rerender(<ToolTranscript text={'```tool search\ninput: {}\n```\n'} streaming onToolOutput={onToolOutput} />);
    expect(status(container)).toContain('Running');
    rerender(<ToolTranscript text={'```tool search\ninput: {}\n```\n'} streaming={false} onToolOutput={onToolOutput} />);
    expect(status(container)).toContain('Called');
  });

  it('display-only (no onToolOutput): a call written in text is Called while the transcript streams, a native tool part Running', () => {
    const store = createTranscriptStore();
    const { container } = render(<ToolTranscript store={store} />);
    act(() => store.append('```tool search\ninput:\n  q: cats\n```\nStill writing'));
    expect(container.querySelector<HTMLElement>('[data-slot="transcript"]')!.dataset.transcriptStatus).toBe('streaming');
    expect(status(container)).toContain('Called');
    expect(container.querySelector('[data-slot="tool-call-status"] svg[data-icon="called"]')).not.toBeNull();
    act(() => {
      store.applyChunk({ type: 'tool-input-start', toolCallId: 'n1', toolName: 'weather' });
      store.applyChunk({ type: 'tool-input-available', toolCallId: 'n1', toolName: 'weather', input: { city: 'Oslo' } });
    });
    const native = container.querySelector('[data-tool-call-id="n1"] [data-slot="tool-call-status"]')!;
    expect(native.textContent).toBe('Running');
  });

  it('labels and highlight reach every card', () => {
    const highlight = (code: string, language: string) => <mark data-language={language}>{code}</mark>;
    const { container } = render(
      <ToolTranscript text={'```tool search\ninput:\n  q: cats\n```'} labels={{ called: 'Aufgerufen' }} highlight={highlight} />,
    );
    expect(status(container)).toContain('Aufgerufen');
    container.querySelector<HTMLButtonElement>('[data-slot="tool-call-header"]')!.click();
    expect(container.querySelector('mark[data-language="json"]')!.textContent).toContain('"q": "cats"');
  });
});

describe('markdown safety', () => {
  it('does not render raw HTML and sanitises javascript: links', () => {
    const { container } = render(<ToolTranscript text={'<b>raw</b> <img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))'} />);
    expect(container.querySelector('b, img')).toBeNull();
    expect(container.querySelector('a')!.getAttribute('href')).toBe('');
  });

  it('renders GFM (tables, strikethrough)', () => {
    const { container } = render(<ToolTranscript text={'| a | b |\n| - | - |\n| 1 | 2 |\n\n~~old~~'} />);
    expect(container.querySelector('table td')!.textContent).toBe('1');
    expect(container.querySelector('del')!.textContent).toBe('old');
  });
});

describe('server rendering', () => {
  it('renderToString shows the text and the cards, with no time-dependent markup', () => {
    const html = renderToString(<ToolTranscript text={`${TRANSCRIPT}\n\`\`\`tool open\n`} streaming />);
    expect(html).toContain('data-tool-call-id="call_42"');
    expect(html).toContain('data-status="input-streaming"');
    expect(html).not.toContain('<progress');
    expect(html).not.toContain('tool-call-elapsed');
    expect(renderToString(<ToolTranscript text={TRANSCRIPT} />)).toBe(renderToString(<ToolTranscript text={TRANSCRIPT} />));
  });
});
