import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_STATES, type ToolDefinition } from '../../src/index.js';
import { ToolCall, ToolTranscript, type FallbackToolComponentProps, type ProseProps } from '../../src/react/index.js';
import { createTranscriptStore } from '../../src/store/index.js';
import { toolInState } from '../support/tool-in-state.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('proseComponent', () => {
  /** A stand-in for Streamdown: records what it is given, draws the markdown as plain text. */
  const calls: ProseProps[] = [];
  function Prose(props: ProseProps) {
    calls.push(props);
    return (
      <div className="prose" data-animating={String(props.isAnimating)}>
        {props.children}
      </div>
    );
  }
  afterEach(() => void calls.splice(0));

  it('renders each top-level block with the component instead of react-markdown', () => {
    const { container } = render(<ToolTranscript text={'# Title\n\nSome **bold**.\n\n```tool t\n```\n\nAfter.'} proseComponent={Prose} components={{ strong: () => <b>never</b> }} />);
    expect([...container.querySelectorAll('.prose')].map((el) => el.textContent)).toEqual(['# Title', 'Some **bold**.', 'After.']);
    expect(container.querySelector('h1, strong, b')).toBeNull();
    expect(container.querySelectorAll('[data-tool-call-id]')).toHaveLength(1);
    expect(calls.every((props) => props.isAnimating === false)).toBe(true);
  });

  it('animates only the block being written, given as it is (not closed by us), and never re-renders finished blocks', () => {
    const store = createTranscriptStore();
    store.append('Done block.\n\nGrowing **bo');
    const { container } = render(<ToolTranscript store={store} proseComponent={Prose} />);
    expect([...container.querySelectorAll<HTMLElement>('.prose')].map((el) => `${el.dataset.animating}:${el.textContent}`)).toEqual([
      'false:Done block.',
      'true:Growing **bo',
    ]);
    calls.splice(0);
    act(() => store.append('ld'));
    expect(calls).toEqual([{ children: 'Growing **bold', isAnimating: true }]);
    act(() => store.end());
    expect(calls.at(-1)).toEqual({ children: 'Growing **bold', isAnimating: false });
  });

  it('is told isAnimating while the reveal runs', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      const store = createTranscriptStore();
      store.append('A');
      render(<ToolTranscript store={store} proseComponent={Prose} reveal={{ charactersPerSecond: 60, maxLagMs: 1_000 }} />);
      act(() => store.append('BCDEFG'));
      act(() => store.end());
      // The stream is over, but the text is still being revealed: still animating, and partial.
      expect(calls.at(-1)).toEqual({ children: 'A', isAnimating: true });
      act(() => vi.advanceTimersByTime(1_100));
      expect(calls.at(-1)).toEqual({ children: 'ABCDEFG', isAnimating: false });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('proseComponent={Streamdown}, as written', () => {
  it('type-checks and renders Streamdown block by block, streaming the last', async () => {
    const { Streamdown } = await import('streamdown');
    const store = createTranscriptStore();
    store.append('Some **bold** text.\n\n```tool t\n```\n\nGrowing *ital');
    const { container } = render(<ToolTranscript store={store} proseComponent={Streamdown} />);
    await waitFor(() => expect(container.querySelector('[data-streamdown="strong"]')?.textContent).toBe('bold'));
    expect(container.querySelectorAll('[data-tool-call-id]')).toHaveLength(1);
    // Streamdown closes the half-written emphasis itself.
    await waitFor(() => expect(container.textContent).toContain('Growing ital'));
  });
});

describe('fallbackToolComponent', () => {
  const TOOLS: ToolDefinition[] = [{ name: 'delete_files' }, { name: 'search' }];
  function Fallback({ tool, reason }: FallbackToolComponentProps) {
    if (tool.toolName === 'search') return <ToolCall tool={tool} />;
    return (
      <p className="fallback" data-reason={reason}>
        {tool.toolName} {tool.state}
      </p>
    );
  }

  it.each(TOOL_STATES)('state %s: a tool unknown to `tools` is drawn by the fallback with reason unknown-tool', (state) => {
    const { container } = render(<ToolTranscript chunks={[toolInState(state, { toolName: 'rm_rf' })]} tools={TOOLS} fallbackToolComponent={Fallback} />);
    const drawn = container.querySelector<HTMLElement>('.fallback')!;
    expect(drawn.dataset.reason).toBe('unknown-tool');
    expect(drawn.textContent).toBe(`rm_rf ${state}`);
    // The contract's attributes stay on the wrapper.
    expect(container.querySelector('[data-tool-call-id]')!.getAttribute('data-status')).toBe(state);
  });

  it.each(TOOL_STATES)('state %s: a known tool without a component gets reason no-component; one with a component keeps it', (state) => {
    const Own = () => <span className="own">own</span>;
    const { container } = render(
      <ToolTranscript chunks={[toolInState(state), toolInState(state, { toolCallId: 'other', toolName: 'mine' })]} tools={[...TOOLS, { name: 'mine' }]} toolComponents={{ mine: Own }} fallbackToolComponent={Fallback} />,
    );
    expect(container.querySelector<HTMLElement>('.fallback')!.dataset.reason).toBe('no-component');
    expect(container.querySelectorAll('.own')).toHaveLength(1);
  });

  it('without `tools`, every call without a component is no-component; the fallback may hand back the default card', () => {
    const { container } = render(<ToolTranscript text={'```tool search\n```\n```tool anything\n```'} fallbackToolComponent={Fallback} />);
    expect(container.querySelector<HTMLElement>('.fallback')!.dataset.reason).toBe('no-component');
    expect(screen.getByRole('group', { name: 'Tool call search' })).toBeTruthy();
  });

  it('without a fallback, unknown tools get the default card', () => {
    const { container } = render(<ToolTranscript chunks={[toolInState('input-available', { toolName: 'rm_rf' })]} tools={TOOLS} />);
    expect(container.querySelector('[data-slot="tool-call"]')).not.toBeNull();
  });

  it('a fallback that throws shows the default card with the error, not a broken transcript', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Throws = () => {
      throw new Error('fallback broke');
    };
    const { container } = render(<ToolTranscript text={'Before.\n\n```tool x\n```'} fallbackToolComponent={Throws} />);
    expect(container.textContent).toContain('Before.');
    expect(container.textContent).toContain('fallback broke');
  });

  it('keeps the same component across renders (no remount of the fallback)', () => {
    let mounts = 0;
    function Counting(props: FallbackToolComponentProps) {
      // Counted once per mount, not per render.
      useMountCount(() => mounts++);
      return <span>{props.tool.state}</span>;
    }
    const store = createTranscriptStore();
    store.append('```tool x\ninput:\n  a: 1\n');
    render(<ToolTranscript store={store} fallbackToolComponent={Counting} />);
    act(() => store.append('  b: 2\n'));
    act(() => store.append('```\n'));
    expect(mounts).toBe(1);
  });
});

import { useEffect } from 'react';
function useMountCount(count: () => void) {
  useEffect(() => {
    count();
  }, []);
}
