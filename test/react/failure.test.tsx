/**
 * Failure isolation: a custom renderer that throws (anything, in render or in
 * an effect, on the client or on the server), a stream that errors in the
 * middle of a block, a stream aborted by an AbortSignal or by unmounting, a
 * stream that cannot be read. Each time the transcript stays consistent, the
 * open tool shows the failure (`output-error` with the reason), nothing
 * already shown disappears, and no error escapes: no uncaught exception, no
 * unhandled rejection (listened for here; Vitest fails the run on them too).
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolTranscript, type ToolComponentProps } from '../../src/react/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';

const escaped: unknown[] = [];
const onUnhandled = (reason: unknown) => escaped.push(reason);
const onWindowError = (event: ErrorEvent) => {
  // Expected: after a server render error, React reports (with reportError, on a later commit) that it
  // rendered that part again on the client. That is React telling the host, not an error escaping.
  if (String(event.error).includes('Switched to client rendering because the server rendering errored')) return;
  escaped.push(event.error ?? event.message);
};

beforeEach(() => {
  escaped.length = 0;
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  window.addEventListener('error', onWindowError);
  // React reports errors a boundary caught with console.error: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  // Let cancellations and their promises settle before checking that nothing escaped.
  await new Promise((resolve) => setTimeout(resolve, 10));
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  window.removeEventListener('error', onWindowError);
  vi.restoreAllMocks();
  expect(escaped.map(String)).toEqual([]);
});

const cards = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-slot="tool-call"], [data-slot="tool-call-custom"]')].map(
    (el) => `${el.dataset.toolName}:${el.dataset.status}`,
  );
const status = (container: HTMLElement) => (container.firstElementChild as HTMLElement).dataset.transcriptStatus;
const errorText = (container: HTMLElement) => container.querySelector('[data-slot="tool-call-error"] pre')?.textContent;
/** Why the source failed, as the transcript shows it below the items. */
const failure = (container: HTMLElement) => container.querySelector('[data-slot="transcript-error"]')?.textContent;

const TEXT = 'Before.\n\n```tool boom\ninput: {}\n```\n\n```tool fine\ninput: {}\n```\n\nAfter.';

describe('a custom renderer that throws', () => {
  it.each([
    ['an Error', new Error('kaboom'), 'kaboom'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a string', 'just a string', 'just a string'],
    ['an object', { code: 42 }, '[object Object]'],
    // #14: String() throws for these; the boundary must still show something, not unmount the transcript.
    ['an object with no prototype', Object.create(null), '[object Object]'],
    ['an Error whose message is not text', Object.assign(new Error(), { message: Object.create(null) }), 'Error'],
  ])('throwing %s is contained: the default card with the error, the rest renders', (_, thrown, shown) => {
    function Boom(_: ToolComponentProps): never {
      throw thrown;
    }
    const { container } = render(<ToolTranscript text={TEXT} toolComponents={{ boom: Boom }} />);
    expect(cards(container)).toEqual(['boom:input-available', 'fine:input-available']);
    expect(container.textContent).toContain('Before.');
    expect(container.textContent).toContain('After.');
    expect(container.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toContain(shown);
  });

  it('throwing in an effect is contained too', () => {
    function Boom(_: ToolComponentProps) {
      useEffect(() => {
        throw new Error('effect failed');
      });
      return <b>custom</b>;
    }
    const { container } = render(<ToolTranscript text={TEXT} toolComponents={{ boom: Boom }} />);
    expect(cards(container)).toEqual(['boom:input-available', 'fine:input-available']);
    expect(container.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toContain('effect failed');
    expect(container.textContent).toContain('After.');
  });

  it('on the server: renderToString keeps the default card and the rest of the transcript', async () => {
    function Boom(_: ToolComponentProps): never {
      throw new Error('server kaboom');
    }
    const element = <ToolTranscript text={TEXT} toolComponents={{ boom: Boom }} />;
    const html = renderToString(element);
    const server = document.createElement('div');
    server.innerHTML = html;
    expect(cards(server)).toEqual(['boom:input-available', 'fine:input-available']);
    expect(server.textContent).toContain('Before.');
    expect(server.textContent).toContain('After.');
    // The client renders it again, and the error boundary takes over when it throws again.
    document.body.append(server);
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(server, element);
    });
    await waitFor(() => expect(server.querySelector('[data-slot="tool-call-renderer-error"]')).not.toBeNull());
    expect(server.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toContain('server kaboom');
    expect(cards(server)).toEqual(['boom:input-available', 'fine:input-available']);
    act(() => root.unmount());
    server.remove();
  });
});

/** A ReadableStream<string> the test feeds, errors or aborts. */
function controlledStream(signal?: AbortSignal) {
  let controller!: ReadableStreamDefaultController<string>;
  const cancel = vi.fn();
  const stream = new ReadableStream<string>({
    start(c) {
      controller = c;
      signal?.addEventListener('abort', () => c.error(signal.reason));
    },
    cancel,
  });
  return { stream, controller, cancel };
}

const OPEN_BLOCKS: Array<[string, string, string]> = [
  ['a tool fence', '```tool search\ninput:\n  q: tides\n', 'search'],
  ['an emoji block', '🛠️[write a.txt]\nhello\n', 'write'],
  ['an XML block', '<tool name="lookup"><arg name="q">ti', 'lookup'],
  ['a caret block', '^^^run\ncmd: ls\n', 'run'],
  ['a sentinel block', '[[SEG_START {"type":"run_bash"}]]\nls -', 'run_bash'],
];

describe('a stream that fails in the middle of a block', () => {
  it.each(OPEN_BLOCKS)('errors inside %s: the open tool is interrupted, the transcript says why', async (_, block, name) => {
    const { stream, controller } = controlledStream();
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue(`Before.\n\n${block}`));
    await waitFor(() => expect(cards(container)).toEqual([`${name}:input-streaming`]));
    await act(async () => controller.error(new Error('network down')));
    await waitFor(() => expect(cards(container)).toEqual([`${name}:output-error`]));
    expect(failure(container)).toBe('network down');
    expect(errorText(container)).toBe(INTERRUPTED_TEXT);
    expect(container.textContent).toContain('Before.');
    expect(status(container)).toBe('error');
  });

  it('an async iterable that throws: the same', async () => {
    async function* deltas() {
      yield 'Before.\n\n';
      yield '```tool search\ninput:\n';
      throw new Error('the model crashed');
    }
    const { container } = render(<ToolTranscript stream={deltas()} />);
    await waitFor(() => expect(cards(container)).toEqual(['search:output-error']));
    expect(failure(container)).toBe('the model crashed');
    expect(errorText(container)).toBe(INTERRUPTED_TEXT);
    expect(container.textContent).toContain('Before.');
  });

  it.each([
    ['a string', 'plain reason', 'plain reason'],
    ['an error-like object from another realm', { name: 'TypeError', message: 'Failed to fetch' }, 'Failed to fetch'],
    ['undefined', undefined, 'The stream failed.'],
  ])('fails with %s: the reason says what it can', async (_, reason, shown) => {
    const { stream, controller } = controlledStream();
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('```tool search\n'));
    await act(async () => controller.error(reason));
    await waitFor(() => expect(cards(container)).toEqual(['search:output-error']));
    expect(failure(container)).toBe(shown);
    expect(errorText(container)).toBe(INTERRUPTED_TEXT);
  });

  it('finished blocks and text stay as they were; later deltas are ignored', async () => {
    const { stream, controller } = controlledStream();
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('Intro.\n\n🛠️[done]ok🛠️[/end]\n\n```tool open\n'));
    await waitFor(() => expect(cards(container)).toEqual(['done:input-available', 'open:input-streaming']));
    await act(async () => controller.error(new Error('gone')));
    await waitFor(() => expect(cards(container)).toEqual(['done:input-available', 'open:output-error']));
    expect(container.textContent).toContain('Intro.');
  });
});

describe('a stream aborted', () => {
  it('by an AbortSignal: the open tool is interrupted, the transcript gives the abort reason', async () => {
    const abort = new AbortController();
    const { stream, controller } = controlledStream(abort.signal);
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('Working.\n\n<tool name="lookup"><arg name="q">'));
    await waitFor(() => expect(cards(container)).toEqual(['lookup:input-streaming']));
    await act(async () => abort.abort());
    await waitFor(() => expect(cards(container)).toEqual(['lookup:output-error']));
    expect(failure(container)).toBe('This operation was aborted');
    expect(errorText(container)).toBe(INTERRUPTED_TEXT);
    expect(container.textContent).toContain('Working.');
  });

  it('by an AbortSignal with a reason of its own', async () => {
    const abort = new AbortController();
    const { stream, controller } = controlledStream(abort.signal);
    const { container } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('🛠️[write a.txt]\nhal'));
    await act(async () => abort.abort(new Error('stopped by the user')));
    await waitFor(() => expect(cards(container)).toEqual(['write:output-error']));
    expect(failure(container)).toBe('stopped by the user');
    expect(errorText(container)).toBe(INTERRUPTED_TEXT);
  });

  it('by unmounting in the middle of a block: the stream is cancelled, nothing escapes', async () => {
    const { stream, controller, cancel } = controlledStream();
    const { container, unmount } = render(<ToolTranscript stream={stream} />);
    await act(async () => controller.enqueue('```tool search\ninput:\n'));
    await waitFor(() => expect(cards(container)).toEqual(['search:input-streaming']));
    unmount();
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  it('by unmounting, when cancelling rejects or the iterator’s return throws', async () => {
    const rejecting = new ReadableStream<string>({
      start(c) {
        c.enqueue('```tool a\n');
      },
      cancel: () => Promise.reject(new Error('cancel failed')),
    });
    const throwing: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<string>>(() => {}),
        return: () => {
          throw new Error('return exploded');
        },
      }),
    };
    const rejectingReturn: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<string>>(() => {}),
        return: () => Promise.reject(new Error('return rejected')),
      }),
    };
    for (const stream of [rejecting, throwing, rejectingReturn]) {
      const { unmount } = render(<ToolTranscript stream={stream} />);
      await act(async () => {});
      unmount();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
});

describe('a stream that cannot be read', () => {
  it('a stream already being read elsewhere: the transcript says so, the page lives on', async () => {
    const { stream } = controlledStream();
    const reader = stream.getReader();
    const { container } = render(
      <div>
        <p>Around it.</p>
        <ToolTranscript stream={stream} />
      </div>,
    );
    await waitFor(() => expect(container.querySelector('[data-transcript-status]')!.getAttribute('data-transcript-status')).toBe('error'));
    expect(container.textContent).toContain('Around it.');
    reader.releaseLock();
  });

  it('an iterable whose iterator cannot be made', async () => {
    const broken = {
      [Symbol.asyncIterator]() {
        throw new Error('no iterator');
      },
    } as AsyncIterable<string>;
    const { container } = render(<ToolTranscript stream={broken} />);
    await waitFor(() => expect(status(container)).toBe('error'));
  });

  it('options that change while it streams keep reading it into the same transcript', async () => {
    const { stream, controller } = controlledStream();
    const { container, rerender } = render(<ToolTranscript stream={stream} idPrefix="a-" />);
    await act(async () => controller.enqueue('Hello. ```tool x\n'));
    rerender(<ToolTranscript stream={stream} idPrefix="b-" />);
    await act(async () => controller.enqueue('\n\n🛠️[write f]\nbody'));
    await waitFor(() => expect(container.textContent).toContain('body'));
    expect(container.textContent).toContain('Hello.');
    await act(async () => controller.close());
    await waitFor(() => expect(status(container)).toBe('done'));
  });
});
