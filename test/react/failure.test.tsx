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
import { ToolTranscript, type ToolRendererProps } from '../../src/react/index.js';

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

const TEXT = 'Before.\n\n```tool boom\ninput: {}\n```\n\n```tool fine\ninput: {}\n```\n\nAfter.';

describe('a custom renderer that throws', () => {
  it.each([
    ['an Error', new Error('kaboom'), 'kaboom'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a string', 'just a string', 'just a string'],
    ['an object', { code: 42 }, '[object Object]'],
  ])('throwing %s is contained: the default card with the error, the rest renders', (_, thrown, shown) => {
    function Boom(_: ToolRendererProps): never {
      throw thrown;
    }
    const { container } = render(<ToolTranscript text={TEXT} tools={{ boom: Boom }} />);
    expect(cards(container)).toEqual(['boom:input-available', 'fine:input-available']);
    expect(container.textContent).toContain('Before.');
    expect(container.textContent).toContain('After.');
    expect(container.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toContain(shown);
  });

  it('throwing in an effect is contained too', () => {
    function Boom(_: ToolRendererProps) {
      useEffect(() => {
        throw new Error('effect failed');
      });
      return <b>custom</b>;
    }
    const { container } = render(<ToolTranscript text={TEXT} tools={{ boom: Boom }} />);
    expect(cards(container)).toEqual(['boom:input-available', 'fine:input-available']);
    expect(container.querySelector('[data-slot="tool-call-renderer-error"]')!.textContent).toContain('effect failed');
    expect(container.textContent).toContain('After.');
  });

  it('on the server: renderToString keeps the default card and the rest of the transcript', async () => {
    function Boom(_: ToolRendererProps): never {
      throw new Error('server kaboom');
    }
    const element = <ToolTranscript text={TEXT} tools={{ boom: Boom }} />;
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
