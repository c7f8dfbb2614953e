/**
 * `tool-transcript/react/lite`: the `<ToolTranscript>` and `useToolTranscript` of
 * `tool-transcript/react` over the syntax objects passed, and no others. They render what the
 * full entry renders with the same syntax objects (whole, and a text that grows, split at
 * positions across it), leave another syntax's block as text, take a `store` without `syntaxes`, and say
 * what to pass when `syntaxes` is missing.
 */
import { cleanup, render, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { xmlSyntax } from '../../src/lite/index.js';
import * as full from '../../src/react/index.js';
import * as lite from '../../src/react/lite.js';
import { createTranscriptStore } from '../../src/store/lite.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TEXT = 'Reading **it**.\n<tool name="read_file"><arguments><arg name="path">a.md</arg></arguments></tool>\nThen ^^^ls\npath: .\n^^^\nDone.\n';

/** The markup without React's `useId` ids, which count on across renders. */
const markup = (container: HTMLElement) => container.innerHTML.replace(/_r_\w+_/g, '_r_');

const cards = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-tool-call-id]')].map((el) => `${el.dataset.toolCallId}:${el.dataset.status}`);

describe('<ToolTranscript> of tool-transcript/react/lite', () => {
  it('renders what tool-transcript/react renders with the same syntax objects', () => {
    const a = markup(render(<lite.ToolTranscript text={TEXT} syntaxes={[xmlSyntax]} className="chat" />).container);
    cleanup();
    const b = markup(render(<full.ToolTranscript text={TEXT} syntaxes={[xmlSyntax]} className="chat" />).container);
    expect(a).toBe(b);
    expect(a).toContain('data-slot="tool-call"');
  });

  // Every 5th position (the store's every-position test is in test/lite.test.ts): a render costs tens of ms.
  it('renders the same as the text grows, split in two at positions across every part', { timeout: 60_000 }, () => {
    const streamed = (Component: typeof full.ToolTranscript, at: number) => {
      const { container, rerender } = render(<Component text={TEXT.slice(0, at)} syntaxes={[xmlSyntax]} streaming />);
      rerender(<Component text={TEXT} syntaxes={[xmlSyntax]} streaming={false} />);
      const html = markup(container);
      cleanup();
      return html;
    };
    const positions = [...Array.from({ length: Math.ceil(TEXT.length / 5) }, (_, i) => i * 5), TEXT.length];
    for (const at of positions) {
      const expected = streamed(full.ToolTranscript, at);
      if (streamed(lite.ToolTranscript as typeof full.ToolTranscript, at) !== expected) expect.fail(`split at ${at}: the lite transcript renders otherwise`);
    }
  });

  it('knows only the syntaxes passed: a caret block stays text without caretSyntax', () => {
    const { container } = render(<lite.ToolTranscript text={TEXT} syntaxes={[xmlSyntax]} />);
    expect(cards(container)).toEqual(['tool-call-1:input-available']);
    expect(container.textContent).toContain('^^^ls');
  });

  it('renders on the server', () => {
    const html = renderToString(<lite.ToolTranscript text={TEXT} syntaxes={[xmlSyntax]} />);
    expect(html).toContain('data-tool-call-id="tool-call-1"');
  });

  it('takes a store source without syntaxes: the store parses with its own', () => {
    const store = createTranscriptStore({ syntaxes: [xmlSyntax] });
    store.append(TEXT);
    store.end();
    const { container } = render(<lite.ToolTranscript store={store} />);
    expect(cards(container)).toEqual(['tool-call-1:input-available']);
  });

  it('says what to pass when syntaxes is missing (plain JavaScript)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Untyped = lite.ToolTranscript as (props: { text: string }) => ReturnType<typeof lite.ToolTranscript>;
    expect(() => render(<Untyped text={TEXT} />)).toThrow(/`syntaxes` must be an array of syntax objects \(for example \[xmlSyntax\]\)/);
  });
});

describe('useToolTranscript of tool-transcript/react/lite', () => {
  it('gives a store of the lite store entry, parsed with the syntax objects passed', () => {
    const { result } = renderHook(() => lite.useToolTranscript({ text: TEXT, syntaxes: [xmlSyntax] }));
    const store = result.current;
    expect(store.options.syntaxes).toEqual([xmlSyntax]);
    const tools = store.getState().ids.map((id) => store.getItem(id)).filter((item) => item?.type === 'tool');
    expect(tools).toMatchObject([{ toolName: 'read_file', input: { path: 'a.md' } }]);
  });
});

// Types: `syntaxes` is required with every source but `store`, and takes objects only.
// @ts-expect-error -- no syntaxes
void (() => <lite.ToolTranscript text="x" />);
// @ts-expect-error -- a name is not a syntax object
void (() => <lite.ToolTranscript text="x" syntaxes={['xml']} />);
void (() => <lite.ToolTranscript store={createTranscriptStore({ syntaxes: [] })} />);
