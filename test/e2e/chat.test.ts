/**
 * End to end, in Chromium: the example chat app (examples/chat) — useChat, its route streaming
 * text-syntax tool calls through toTranscriptUIMessageStream, and <ToolTranscript message> per message.
 * Set CHAT_SCREENSHOTS=dir to keep screenshots of each screen (light and dark).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_TEXT } from '../../src/react/interrupted.js';
import { startChatApp, type ChatApp } from './chat-app.js';

let app: ChatApp;
beforeAll(async () => {
  app = await startChatApp();
  // The first page load pre-bundles the dependencies; later pages load at once.
  const page = await app.browser.newPage();
  await page.goto(app.url);
  await page.getByRole('button', { name: 'Write a long report' }).waitFor();
  await page.close();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const SHOTS = process.env.CHAT_SCREENSHOTS;
/** Dark runs only add pictures, so they run only when pictures are asked for (CI stays fast). */
const THEMES = SHOTS ? (['light', 'dark'] as const) : (['light'] as const);

/** A fresh browser context (its own localStorage) on the app, light or dark. */
async function openChat(theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: 880, height: 900 }, colorScheme: theme });
  const page = await context.newPage();
  await page.goto(`${app.url}?theme=${theme}`);
  await page.getByRole('button', { name: 'Write a long report' }).waitFor();
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** `toolName:data-status` of every card, in order. */
const cards = (page: Page) =>
  page
    .locator('.tt-transcript [data-tool-call-id]')
    // A custom component's wrapper carries the attributes too: count the outermost element of each call.
    .evaluateAll((els) =>
      els.filter((el) => !el.parentElement?.closest('[data-tool-call-id]')).map((el) => `${el.getAttribute('data-tool-name')}:${el.getAttribute('data-status')}`),
    );

const card = (page: Page, toolName: string) => page.locator(`.tt-transcript [data-tool-name="${toolName}"]`).last();

/** How many times the server ran each call. */
const executions = async (): Promise<Record<string, number>> => (await fetch(new URL('/api/chat/executions', app.url))).json() as Promise<Record<string, number>>;

describe('examples/chat in Chromium', () => {
  it.runIf(SHOTS)('screenshots of every card state (gallery.html), light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await app.browser.newContext({ viewport: { width: 720, height: 900 }, colorScheme: theme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(`${app.url}gallery.html?theme=${theme}`);
      await page.locator('[data-tool-call-id="stopped"]').waitFor();
      await page.screenshot({ path: `${SHOTS}/gallery-${theme}.png`, fullPage: true });
      for (const el of await page.locator('[data-slot="tool-call"]').all()) {
        await el.screenshot({ path: `${SHOTS}/card-${theme}-${await el.getAttribute('data-tool-call-id')}.png` });
      }
      await context.close();
    }
  }, 60_000);

  it('streams the calls, runs the server tool once, and asks for approval: Approve runs it, once', async () => {
    for (const theme of THEMES) {
      const page = await openChat(theme);
      await page.getByRole('button', { name: 'Clean up the old logs' }).click();
      const approve = page.getByRole('button', { name: 'Approve' });
      await approve.waitFor();
      expect(await cards(page)).toEqual(['disk_usage:output-available', 'delete_files:approval-requested']);
      expect(await card(page, 'delete_files').locator('[data-slot="tool-call-status"]').innerText()).toBe('Awaiting approval');
      await shoot(page, `approval-${theme}`);
      await approve.click();
      await page.getByText('Done — deleted 3 old log files').waitFor();
      expect(await cards(page)).toEqual(['disk_usage:output-available', 'delete_files:output-available']);
      await shoot(page, `approved-${theme}`);
      await page.context().close();
    }
    // One conversation per theme, two calls each, every call executed exactly once.
    const counts = await executions();
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(2 * THEMES.length);
    expect(Object.entries(counts).filter(([, count]) => count !== 1)).toEqual([]);
  }, 60_000);

  it('Deny: the call is not run and shows as denied', async () => {
    const before = await executions();
    const page = await openChat();
    await page.getByRole('button', { name: 'Clean up the old logs' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('All right, I left the logs where they are.').waitFor();
    expect(await cards(page)).toEqual(['disk_usage:output-available', 'delete_files:output-denied']);
    await expect(card(page, 'delete_files').textContent()).resolves.toContain('Denied');
    await shoot(page, 'denied-light');
    const after = await executions();
    // Only disk_usage ran for this conversation.
    expect(Object.keys(after).length - Object.keys(before).length).toBe(1);
    await page.context().close();
  }, 60_000);

  it('a client-side tool answers through onToolOutput (addToolOutput), and the chat goes on', async () => {
    const page = await openChat();
    await page.getByRole('button', { name: 'What time zone am I in?' }).click();
    await page.getByRole('button', { name: 'Share my time zone' }).click();
    await page.getByText(/Your browser says/).waitFor();
    expect(await cards(page)).toEqual(['get_time_zone:output-available']);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.locator('.tt-transcript').last().textContent()).resolves.toContain(`Your browser says ${zone}.`);
    await page.context().close();
  }, 60_000);

  it('Stop in the middle of a call: the call shows as interrupted, the clock stops, and a reload shows the same', async () => {
    for (const theme of THEMES) {
      const before = await executions();
      const page = await openChat(theme);
      await page.getByRole('button', { name: 'Write a long report' }).click();
      const writing = card(page, 'write_file');
      await page.locator('[data-tool-name="write_file"][data-status="input-streaming"] [data-slot="tool-call-elapsed"]').waitFor();
      await shoot(page, `streaming-${theme}`);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('[data-tool-name="write_file"][data-status="output-error"]').waitFor();
      const check = async () => {
        expect(await cards(page)).toEqual(['write_file:output-error']);
        await expect(writing.locator('[data-slot="tool-call-error"]').textContent()).resolves.toContain(INTERRUPTED_TEXT);
        expect(await writing.locator('[data-slot="tool-call-elapsed"], progress').count()).toBe(0);
        expect(await page.locator('[data-transcript-status="streaming"]').count()).toBe(0);
      };
      await check();
      await shoot(page, `stopped-${theme}`);
      await page.reload();
      await writing.waitFor();
      await check();
      // The route stopped with the browser: the half-written call never ran.
      expect(Object.keys(await executions())).toEqual(Object.keys(before));
      await page.context().close();
    }
  }, 60_000);
});
