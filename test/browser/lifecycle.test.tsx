import { userEvent } from 'vitest/browser';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOL_STATES } from '../../src/index.js';
import { ToolTranscript } from '../../src/react/index.js';
import { INTERRUPTED_TEXT } from '../../src/store/create-store.js';
import type { ToolApprovalResponse } from '../../src/react/tool-actions.js';
import '../../src/styles.css';
import { toolInState } from '../support/tool-in-state.js';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

/** Every state, plus a call interrupted by a stop, in one transcript per theme, side by side. */
function mountAll(theme: 'light' | 'dark', onToolApprovalResponse: (response: ToolApprovalResponse) => void) {
  const host = document.createElement('div');
  host.dataset.theme = theme;
  host.style.cssText = `width: 560px; padding: 16px; background: ${theme === 'dark' ? '#0d1117' : '#ffffff'}`;
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const chunks = TOOL_STATES.map((state) => toolInState(state));
  const stopped = [toolInState('input-streaming', { toolCallId: 'stopped', toolName: 'write_file', input: { path: 'report.md', content: '1. Finding number 1' } })];
  flushSync(() =>
    root.render(
      <>
        <ToolTranscript chunks={chunks} streaming onToolApprovalResponse={onToolApprovalResponse} />
        <hr />
        <ToolTranscript chunks={stopped} streaming={false} />
      </>,
    ),
  );
  return host;
}

describe.each(['light', 'dark'] as const)('every state, %s theme (Chromium)', (theme) => {
  it('the approval card: question and both buttons on one row, Approve answers with the approval id', async () => {
    const answered = vi.fn();
    const host = mountAll(theme, answered);
    const card = host.querySelector<HTMLElement>('[data-status="approval-requested"]')!;
    const approve = card.querySelector<HTMLButtonElement>('button[data-variant="primary"]')!;
    const deny = card.querySelector<HTMLButtonElement>('button[data-variant="secondary"]')!;
    const [a, d] = [approve.getBoundingClientRect(), deny.getBoundingClientRect()];
    expect(a.height).toBeGreaterThanOrEqual(28);
    expect(Math.abs(a.top - d.top)).toBeLessThan(1);
    expect(d.right).toBeLessThanOrEqual(a.left);
    // The primary button stands out from the secondary one.
    expect(getComputedStyle(approve).backgroundColor).not.toBe(getComputedStyle(deny).backgroundColor);
    await userEvent.click(approve);
    expect(answered).toHaveBeenCalledWith({ id: 'approval-1', approved: true });
  });

  it('each state has its own colour; denied shows the reason; the stopped call is interrupted and still', () => {
    const host = mountAll(theme, () => {});
    const colours = TOOL_STATES.map((state) => getComputedStyle(host.querySelector(`[data-status="${state}"] [data-slot="tool-call-status"]`)!).color);
    // approval-requested and approval-responded share the approval colour; every other state differs.
    expect(new Set(colours).size).toBe(TOOL_STATES.length - 1);
    expect(host.querySelector('[data-status="output-denied"] [data-slot="tool-call-approval-reason"]')!.textContent).toBe('keep the logs for the audit');
    const stopped = host.querySelector<HTMLElement>('[data-tool-call-id="stopped"]')!;
    expect(stopped.dataset.status).toBe('output-error');
    expect(stopped.querySelector('[data-slot="tool-call-error"]')!.textContent).toContain(INTERRUPTED_TEXT);
    expect(stopped.querySelector('progress, [data-slot="tool-call-elapsed"]')).toBeNull();
    expect(getComputedStyle(stopped.querySelector('.tt-tool-icon')!).animationName).toBe('none');
  });
});

describe('a host page’s button styles', () => {
  it('do not restyle the approval buttons', () => {
    const style = document.createElement('style');
    style.textContent = 'button { background: red; padding: 40px; text-transform: uppercase; } .app button { margin: 30px; }';
    document.head.append(style);
    try {
      const host = mountAll('light', () => {});
      host.classList.add('app');
      const deny = host.querySelector<HTMLButtonElement>('[data-status="approval-requested"] button[data-variant="secondary"]')!;
      const css = getComputedStyle(deny);
      expect(css.backgroundColor).not.toBe('rgb(255, 0, 0)');
      expect(css.paddingTop).toBe('0px');
      expect(css.marginTop).toBe('0px');
      expect(css.textTransform).toBe('none');
    } finally {
      style.remove();
    }
  });
});
