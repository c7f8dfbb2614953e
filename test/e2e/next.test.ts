/**
 * End to end, in Chromium: the Next.js App Router example (examples/next), built with
 * `next build` and served by `next start` — useChat on the page, the display route
 * (`restoreTranscriptText` + `convertToModelMessages`, `streamText` with a mock model that writes
 * its calls in text, `toTranscriptUIMessageStream`), and `<ToolTranscript message>`.
 * Set CHAT_SCREENSHOTS=dir to keep screenshots (light, dark, and 390 px wide).
 */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPTS, replyTo } from '../../examples/chat/server/script.js';
import { markdownSections } from '../../src/index.js';
import { INTERRUPTED_TEXT } from '../../src/react/interrupted.js';
import { startNextApp, type NextApp } from './next-app.js';

let app: NextApp;
beforeAll(async () => {
  app = await startNextApp();
  console.info(`examples/next: next build took ${(app.buildMs / 1000).toFixed(1)} s`);
}, 300_000);
afterAll(async () => {
  await app?.close();
});

const SHOTS = process.env.CHAT_SCREENSHOTS;

async function openChat(options: { theme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> {
  const context = await app.browser.newContext({ viewport: { width: options.width ?? 880, height: 900 }, colorScheme: options.theme ?? 'light' });
  // A step that never comes fails in seconds, not at Playwright's 30 s default.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(app.url);
  // Hydrated, and the saved conversation (if any) restored.
  await page.locator('main[data-restored="true"]').waitFor();
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/next-${name}.png`, fullPage: true });
}

/** `toolName:data-status` of every card, in order. */
const cards = (page: Page) =>
  page
    .locator('.tt-transcript [data-tool-call-id]')
    .evaluateAll((els) =>
      els.filter((el) => !el.parentElement?.closest('[data-tool-call-id]')).map((el) => `${el.getAttribute('data-tool-name')}:${el.getAttribute('data-status')}`),
    );

/** The call id of every card, in order. */
const cardIds = (page: Page) =>
  page
    .locator('.tt-transcript [data-tool-call-id]')
    .evaluateAll((els) => els.filter((el) => !el.parentElement?.closest('[data-tool-call-id]')).map((el) => el.getAttribute('data-tool-call-id')));

const card = (page: Page, toolName: string) => page.locator(`.tt-transcript [data-tool-name="${toolName}"]`).last();

/** What the server did: runs per call id, and every call of the model (its prompt, and whether its reply was read to the end or cancelled). */
interface ServerLog {
  executions: Record<string, number>;
  modelCalls: { prompt: LanguageModelV3Prompt; stream: 'streaming' | 'finished' | 'cancelled' }[];
}
const serverLog = async (): Promise<ServerLog> => (await fetch(new URL('/api/chat', app.url))).json() as Promise<ServerLog>;

/** The prompts the model received since `before`. */
const promptsSince = async (before: ServerLog) => (await serverLog()).modelCalls.slice(before.modelCalls.length).map((call) => call.prompt);

type PromptMessage = LanguageModelV3Prompt[number];
const textOf = (message: PromptMessage | undefined): string =>
  message === undefined || typeof message.content === 'string'
    ? (message?.content as string | undefined) ?? ''
    : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The results a user message of the prompt holds, by tool (outputs parsed as JSON). */
function resultsIn(message: PromptMessage | undefined): Record<string, unknown[]> {
  const sections = markdownSections.parseSections(textOf(message));
  return Object.fromEntries(
    Object.entries(sections).map(([name, contents]) => [name, contents.map((content) => (/^error:/i.test(content) ? content : JSON.parse(content)))]),
  );
}

/** No native tool call or result anywhere: the model reads its calls as the text it wrote. */
function expectTextOnly(prompt: LanguageModelV3Prompt): void {
  expect(prompt.map((message) => message.role)).not.toContain('tool');
  const partTypes = prompt.flatMap((message) => (typeof message.content === 'string' ? [] : message.content.map((part) => part.type)));
  expect(partTypes.filter((type) => type !== 'text')).toEqual([]);
}

/** Asks to clean up the logs and answers the approval; returns once the model's follow-up shows. */
async function cleanUp(page: Page, answer: 'Approve' | 'Deny', theme = 'light'): Promise<void> {
  await page.getByRole('button', { name: PROMPTS.cleanUp }).click();
  await page.getByRole('button', { name: 'Approve' }).waitFor();
  expect(await cards(page)).toEqual(['disk_usage:output-available', 'delete_files:approval-requested']);
  await shoot(page, `approval-${theme}`);
  await page.getByRole('button', { name: answer }).click();
  await page.getByText(answer === 'Approve' ? 'Done — deleted 3 old log files' : 'All right, I left the logs where they are.').waitFor();
  await page.locator('[data-chat-status="ready"]').waitFor();
}

const DISK_USAGE = { path: '/var/log', used: '42 MB', oldLogs: 3 };
const DELETED = { glob: '/var/log/*.old', deleted: 3, freed: '42 MB' };

describe('examples/next (next build + next start) in Chromium', () => {
  it('runs the server tool at once and the approved call once, and the model reads its own text and both results', async () => {
    const before = await serverLog();
    const page = await openChat();
    const ids = await (async () => {
      await cleanUp(page, 'Approve');
      return cardIds(page);
    })();
    // The follow-up continued the same message: both cards are still there, with their own ids.
    expect(await cards(page)).toEqual(['disk_usage:output-available', 'delete_files:output-available']);
    expect(new Set(ids).size).toBe(2);
    await shoot(page, 'approved-light');

    const after = await serverLog();
    const ran = Object.keys(after.executions).filter((id) => !(id in before.executions));
    expect(ran.sort()).toEqual([...ids].sort());
    expect(ran.map((id) => after.executions[id])).toEqual([1, 1]);

    // Two model calls: the question, then the follow-up once the approval was answered.
    const [question, followUp] = await promptsSince(before);
    expect(after.modelCalls.slice(before.modelCalls.length).map((call) => call.stream)).toEqual(['finished', 'finished']);
    expect(textOf(question!.at(-1))).toBe(PROMPTS.cleanUp);
    expectTextOnly(followUp!);
    expect(followUp!.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(textOf(followUp![1]).trim()).toBe(replyTo(PROMPTS.cleanUp).text.trim());
    expect(resultsIn(followUp![2])).toEqual({ disk_usage: [DISK_USAGE], delete_files: [DELETED] });
    await page.context().close();
  }, 60_000);

  it('Deny: the call does not run, the card shows it denied, and the model reads the denial', async () => {
    const before = await serverLog();
    const page = await openChat();
    await cleanUp(page, 'Deny');
    expect(await cards(page)).toEqual(['disk_usage:output-available', 'delete_files:output-denied']);
    await expect(card(page, 'delete_files').textContent()).resolves.toContain('Denied');
    await shoot(page, 'denied-light');
    const after = await serverLog();
    // Only disk_usage ran.
    const ran = Object.keys(after.executions).filter((id) => !(id in before.executions));
    expect(ran).toEqual([await card(page, 'disk_usage').getAttribute('data-tool-call-id')]);
    const followUp = after.modelCalls.at(-1)!.prompt;
    expectTextOnly(followUp);
    const results = resultsIn(followUp.at(-1));
    expect(results.disk_usage).toEqual([DISK_USAGE]);
    expect(results.delete_files).toEqual([expect.stringMatching(/^Error: .*denied/i)]);
    await page.context().close();
  }, 60_000);

  it('a client-side tool answers in the browser (onToolOutput → addToolOutput), and the model reads the answer', async () => {
    const before = await serverLog();
    const page = await openChat();
    await page.getByRole('button', { name: PROMPTS.timeZone }).click();
    await page.getByRole('button', { name: 'Share my time zone' }).click();
    await page.getByText(/Your browser says/).waitFor();
    expect(await cards(page)).toEqual(['get_time_zone:output-available']);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.locator('.tt-transcript').last().textContent()).resolves.toContain(`Your browser says ${zone}.`);
    const prompts = await promptsSince(before);
    expect(prompts).toHaveLength(2);
    expect(resultsIn(prompts[1]!.at(-1))).toEqual({ get_time_zone: [{ timeZone: zone }] });
    // Nothing ran on the server: the browser answered.
    expect((await serverLog()).executions).toEqual(before.executions);
    await page.context().close();
  }, 60_000);

  it('Stop in the middle of a call: the card shows it interrupted, the call never runs, and a reload shows the same', async () => {
    const before = await serverLog();
    const page = await openChat();
    await page.getByRole('button', { name: PROMPTS.report }).click();
    await page.locator('[data-tool-name="write_file"][data-status="input-streaming"]').waitFor();
    await shoot(page, 'streaming-light');
    await page.getByRole('button', { name: 'Stop' }).click();
    const writing = card(page, 'write_file');
    const check = async () => {
      await page.locator('[data-tool-name="write_file"][data-status="output-error"]').waitFor();
      expect(await cards(page)).toEqual(['write_file:output-error']);
      await expect(writing.locator('[data-slot="tool-call-error"]').textContent()).resolves.toContain(INTERRUPTED_TEXT);
      expect(await page.locator('[data-transcript-status="streaming"]').count()).toBe(0);
    };
    await check();
    await shoot(page, 'stopped-light');
    await page.reload();
    await page.locator('main[data-restored="true"]').waitFor();
    await check();
    // The route stopped with the browser: the model's reply was cancelled, not read to the end,
    // and the half-written call never ran.
    await expect.poll(async () => (await serverLog()).modelCalls.slice(before.modelCalls.length).map((call) => call.stream), { timeout: 5_000 }).toEqual(['cancelled']);
    expect((await serverLog()).executions).toEqual(before.executions);

    // The chat goes on after the stop: the model reads what it wrote up to the stop, as text.
    const stopped = await serverLog();
    await page.getByRole('button', { name: PROMPTS.timeZone }).click();
    await page.getByRole('button', { name: 'Share my time zone' }).click();
    await page.getByText(/Your browser says/).waitFor();
    expect(await cards(page)).toEqual(['write_file:output-error', 'get_time_zone:output-available']);
    const [nextTurn] = await promptsSince(stopped);
    expectTextOnly(nextTurn!);
    expect(nextTurn!.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    // Restored from the part's rawInput (the stop left it `input-streaming`): exactly what the
    // model wrote up to the stop, the line break after the opener included.
    const cutOff = textOf(nextTurn![1]);
    expect(cutOff).toMatch(/^Writing the report to a file\.\n\n🛠️\[write_file report\.md\]\n1\. Finding number 1: everything is fine\.\n2\. /);
    expect(replyTo(PROMPTS.report).text.startsWith(cutOff)).toBe(true);
    await page.context().close();
  }, 60_000);

  it('a reload shows the whole conversation again, nothing lost or replaced', async () => {
    const page = await openChat();
    await cleanUp(page, 'Approve');
    const transcript = () => page.locator('.chat-messages').innerText();
    const shown = { cards: await cards(page), ids: await cardIds(page), text: await transcript() };
    await page.reload();
    await page.locator('main[data-restored="true"]').waitFor();
    await page.getByText('Done — deleted 3 old log files').waitFor();
    expect({ cards: await cards(page), ids: await cardIds(page), text: await transcript() }).toEqual(shown);
    await page.context().close();
  }, 60_000);

  it('a second turn: the model reads the first turn as the text it wrote and the results it got; no earlier card changes', async () => {
    for (const [theme, width] of SHOTS ? ([['light', 880], ['dark', 880], ['light', 390]] as const) : ([['light', 880]] as const)) {
      const page = await openChat({ theme, width });
      await cleanUp(page, 'Approve', width === 390 ? 'narrow' : theme);
      const firstTurn = { cards: await cards(page), ids: await cardIds(page) };
      const before = await serverLog();
      await page.getByRole('button', { name: PROMPTS.timeZone }).click();
      await page.getByRole('button', { name: 'Share my time zone' }).click();
      await page.getByText(/Your browser says/).waitFor();
      await page.locator('[data-chat-status="ready"]').waitFor();
      expect(await cards(page)).toEqual([...firstTurn.cards, 'get_time_zone:output-available']);
      expect((await cardIds(page)).slice(0, 2)).toEqual(firstTurn.ids);
      expect(new Set(await cardIds(page)).size).toBe(3);
      await shoot(page, `second-turn-${width === 390 ? 'narrow' : theme}`);

      const [secondTurn] = await promptsSince(before);
      expectTextOnly(secondTurn!);
      expect(secondTurn!.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
      expect(textOf(secondTurn![0])).toBe(PROMPTS.cleanUp);
      expect(textOf(secondTurn![1]).trim()).toBe(replyTo(PROMPTS.cleanUp).text.trim());
      expect(resultsIn(secondTurn![2])).toEqual({ disk_usage: [DISK_USAGE], delete_files: [DELETED] });
      expect(textOf(secondTurn![3]).trim()).toBe('Done — deleted 3 old log files and freed 42 MB.');
      expect(textOf(secondTurn![4])).toBe(PROMPTS.timeZone);
      await page.context().close();
    }
  }, 90_000);
});
