/**
 * The runnable middleware example (`examples/middleware/stream.mjs`), run as a user runs it:
 * `node examples/middleware/stream.mjs` in a child process, importing the built package
 * (`tool-transcript/ai`). `npm test` builds first; run alone, the test builds when `dist/ai.js`
 * is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

beforeAll(() => {
  if (!existsSync(join(root, 'dist/ai.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
}, 120_000);

it('examples/middleware/stream.mjs runs the call and loops to the answer', () => {
  const run = spawnSync(process.execPath, ['examples/middleware/stream.mjs', '--prompts'], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const [summary, ...prompts] = run.stdout.split('\n--- ');
  expect(summary).toBe(
    [
      'call   weather {"city":"Paris"}',
      'result {"city":"Paris","celsius":18,"sky":"sunny"}',
      'text   It is 18 °C and sunny in Paris.',
      'steps  2',
      '',
    ].join('\n'),
  );
  expect(prompts.map((prompt) => prompt.split(' ---\n')[0])).toEqual([
    'step 1 system prompt',
    'step 2 user',
    'step 2 assistant',
    'step 2 user',
  ]);
  expect(prompts[0]).toContain('<tool name="weather"><arguments><arg name="city">CITY</arg></arguments></tool>');
  expect(prompts[2]).toContain('Let me check the weather first.\n<tool name="weather"><arguments><arg name="city">Paris</arg></arguments></tool>\n');
  expect(prompts[3]).toContain('<observation>\n<weather>\n{"city":"Paris","celsius":18,"sky":"sunny"}\n</weather>\n</observation>');
});
