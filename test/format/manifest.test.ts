/**
 * Manifest fixtures: `test/fixtures/manifest/<syntax>.txt` is the expected
 * `describeTools(tools, syntax)` for the tool set in `tools.json`, one file
 * per registered syntax (the emoji syntax describes the tools it can write).
 * Read them by hand: they are prompt text. Regenerate with
 * `UPDATE_FIXTURES=1 npx vitest run test/format/manifest.test.ts` and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeTools, type SyntaxName, type ToolDefinition } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';

const root = join(import.meta.dirname, '..', 'fixtures', 'manifest');
const update = process.env.UPDATE_FIXTURES === '1';
const tools = JSON.parse(readFileSync(join(root, 'tools.json'), 'utf8')) as ToolDefinition[];

/** The tools a syntax can write: emoji carries only words and a body, so not `create_issue` (an object parameter). */
function toolsFor(syntax: string): ToolDefinition[] {
  return syntax === 'emoji' ? tools.filter((tool) => tool.name !== 'create_issue') : tools;
}

describe('manifest fixtures', () => {
  for (const syntax of Object.keys(builtinSyntaxes) as SyntaxName[]) {
    it(syntax, () => {
      const file = join(root, `${syntax}.txt`);
      const manifest = describeTools(toolsFor(syntax), syntax);
      if (update) writeFileSync(file, manifest);
      else if (!existsSync(file)) throw new Error(`missing ${file}: run with UPDATE_FIXTURES=1 and review it`);
      expect(manifest).toBe(readFileSync(file, 'utf8'));
    });
  }
});
