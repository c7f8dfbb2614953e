/**
 * The README says the Storybook shows every syntax: each built-in syntax is the subject of a story
 * (`args: { syntax: 'NAME' }` in Syntaxes, or listed in a Native formats family).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinSyntaxes } from '../../src/syntaxes/index.js';

const storiesDir = join(import.meta.dirname, '../../stories');
const sources = readdirSync(storiesDir)
  .filter((file) => file.endsWith('.stories.tsx'))
  .map((file) => readFileSync(join(storiesDir, file), 'utf8'));

/** The seven syntaxes of the contract's table: each has its own story in Transcript/Syntaxes. */
const CORE = ['fence', 'caret', 'emoji', 'xml', 'json', 'sentinel', 'hermes'];
const syntaxesStories = readFileSync(join(storiesDir, 'Syntaxes.stories.tsx'), 'utf8');

/** Syntax names a story is about: `syntax: 'x'` or `syntaxes: ['x', 'y']` in its args. */
function storySubjects(): Set<string> {
  const subjects = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/args:\s*\{\s*syntax:\s*'(\w+)'/g)) subjects.add(match[1]!);
    for (const match of source.matchAll(/args:\s*\{\s*syntaxes:\s*\[([^\]]*)\]/g)) {
      for (const name of match[1]!.matchAll(/'(\w+)'/g)) subjects.add(name[1]!);
    }
  }
  return subjects;
}

describe('Storybook', () => {
  it('has a story for every built-in syntax', () => {
    const subjects = storySubjects();
    const missing = Object.keys(builtinSyntaxes).filter((name) => !subjects.has(name));
    expect(missing).toEqual([]);
  });

  it('has a story of its own for each of the seven syntaxes of the contract', () => {
    const own = new Set([...syntaxesStories.matchAll(/args:\s*\{\s*syntax:\s*'(\w+)'/g)].map((match) => match[1]));
    expect(CORE.filter((name) => !own.has(name))).toEqual([]);
  });
});
