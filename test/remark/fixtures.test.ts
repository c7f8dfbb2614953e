/**
 * Fixture folders `test/fixtures/remark/<syntax>/<case>/input.md` → `output.html`, run through
 * the real pipeline (remark-parse, remark-gfm, the plugin, remark-rehype, rehype-stringify) with
 * only that syntax on (`mixed`: the default options). Regenerate with
 * `UPDATE_FIXTURES=1 npx vitest run --project node test/remark/fixtures.test.ts`, then read the diff.
 * Every built-in syntax has a folder, and every folder names a built-in syntax (or `mixed`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type SyntaxName, type TranscriptOptions } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { toHtml, toolCalls, toTree } from './support.js';

const root = fileURLToPath(new URL('../fixtures/remark/', import.meta.url));
const update = process.env.UPDATE_FIXTURES === '1';

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

it('has a folder per built-in syntax and `mixed`, and no other', () => {
  expect(folders(root)).toEqual([...Object.keys(builtinSyntaxes), 'mixed'].sort());
});

for (const syntax of folders(root)) {
  const toolsFile = join(root, syntax, 'tools.json');
  // The tool-name syntax reads only the tools it is given: a folder's `tools.json`.
  const tools = existsSync(toolsFile) ? { tools: JSON.parse(readFileSync(toolsFile, 'utf8')) as TranscriptOptions['tools'] } : {};
  const options: TranscriptOptions | undefined = syntax === 'mixed' ? undefined : { syntaxes: [syntax as SyntaxName], ...tools };

  describe(`remark fixtures: ${syntax}`, () => {
    for (const name of folders(join(root, syntax))) {
      it(name, () => {
        const dir = join(root, syntax, name);
        const input = readFileSync(join(dir, 'input.md'), 'utf8');
        const html = toHtml(input, options);
        const outputPath = join(dir, 'output.html');
        if (update) writeFileSync(outputPath, html);
        expect(existsSync(outputPath), `${outputPath} is missing: run with UPDATE_FIXTURES=1`).toBe(true);
        expect(html).toBe(readFileSync(outputPath, 'utf8'));
        // Each case must hold what it is about: the calls parseTranscript finds, as sections.
        const calls = parseTranscript(input, options).filter((chunk) => chunk.type === 'tool');
        expect(toolCalls(toTree(input, options))).toHaveLength(calls.length);
        expect(html.match(/<section class="tt-tool"/g) ?? []).toHaveLength(calls.length);
      });
    }
  });
}
