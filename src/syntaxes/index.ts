import type { SyntaxName, ToolSyntax } from '../types.js';
import { emojiSyntax } from './emoji/index.js';
import { fenceSyntax } from './fence/index.js';

export { createEmojiSyntax, emojiSyntax, type EmojiInput } from './emoji/index.js';
export { createFenceSyntax, fenceSyntax, type FenceSyntaxOptions } from './fence/index.js';

/** The built-in syntaxes by name. A new syntax registers here; the scanner needs no change. */
export const builtinSyntaxes: Readonly<Partial<Record<SyntaxName, ToolSyntax>>> = {
  fence: fenceSyntax,
  emoji: emojiSyntax,
};

/**
 * The syntaxes on when `syntaxes` is not given. Both have markers that ordinary
 * prose and code examples do not produce by accident: a fence whose info
 * string is `tool`, and the 🛠 bracket.
 */
export const defaultSyntaxes: readonly ToolSyntax[] = [fenceSyntax, emojiSyntax];

/** Turns the `syntaxes` option into syntax objects, rejecting unknown names with a clear error. */
export function resolveSyntaxes(syntaxes?: ReadonlyArray<SyntaxName | ToolSyntax>): ToolSyntax[] {
  if (syntaxes === undefined) return [...defaultSyntaxes];
  return syntaxes.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const syntax = builtinSyntaxes[entry];
    if (!syntax) {
      const known = Object.keys(builtinSyntaxes).join(', ');
      throw new Error(`tool-transcript: unknown syntax ${JSON.stringify(entry)} (known: ${known})`);
    }
    return syntax;
  });
}
