/**
 * Fixture cases: `test/fixtures/parse/<syntax>/<case>.md` is the input, `<case>.json`
 * the expected chunks of `parseTranscript(input, { syntaxes: [<syntax>] })`
 * (the folder `mixed` uses every built-in syntax). Each case runs whole, split
 * in two at every position, and one code unit at a time.
 * Regenerate the expectations with `UPDATE_FIXTURES=1 npx vitest run --project node test/syntaxes/fixtures.test.ts`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript, type SyntaxName, type TranscriptOptions } from '../../src/index.js';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';
import { reassemble, splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';

const root = join(import.meta.dirname, '..', 'fixtures', 'parse');
const update = process.env.UPDATE_FIXTURES === '1';

function optionsFor(folder: string): TranscriptOptions {
  if (folder === 'mixed') return { syntaxes: Object.keys(builtinSyntaxes) as SyntaxName[] };
  return { syntaxes: [folder as SyntaxName], ...toolsOf(join(root, folder)) };
}

/** The `tools` a folder's `tools.json` gives (the tool-name syntax reads only the tools it is given). */
function toolsOf(dir: string): TranscriptOptions {
  const file = join(dir, 'tools.json');
  return existsSync(file) ? { tools: JSON.parse(readFileSync(file, 'utf8')) as TranscriptOptions['tools'] } : {};
}

it('has a folder per built-in syntax and `mixed`, and no other', () => {
  expect(readdirSync(root).sort()).toEqual([...Object.keys(builtinSyntaxes), 'mixed'].sort());
});

for (const folder of readdirSync(root).sort()) {
  const options = optionsFor(folder);
  const cases = readdirSync(join(root, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -3))
    .sort();
  describe(`fixtures/${folder}`, () => {
    for (const name of cases) {
      it(name, () => {
        const input = readFileSync(join(root, folder, `${name}.md`), 'utf8');
        const expectedFile = join(root, folder, `${name}.json`);
        const whole = parseTranscript(input, options);
        if (update) writeFileSync(expectedFile, `${JSON.stringify(whole, null, 2)}\n`);
        else if (!existsSync(expectedFile)) throw new Error(`missing ${expectedFile}: run with UPDATE_FIXTURES=1 and review it`);
        expect(whole).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
        expect(reassemble(whole)).toBe(input);
        for (const pieces of splitsInTwo(input)) {
          const { chunks } = streamPieces(pieces, options);
          if (JSON.stringify(chunks) !== JSON.stringify(whole)) {
            expect(chunks, `split at ${pieces[0]!.length}`).toEqual(whole);
          }
        }
        expect(streamPieces(unitByUnit(input), options).chunks).toEqual(whole);
      });
    }
  });
}
