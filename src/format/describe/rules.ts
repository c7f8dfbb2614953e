import type { SyntaxName } from '../../types.js';
import { builtinSyntaxes } from '../../syntaxes/index.js';

/** Rules for a syntax without rules of its own (a custom syntax): the examples are the reference. */
export const GENERIC_RULES = 'Write each tool call exactly in the form of the examples below.';

/**
 * The general rules of each built-in syntax's default instance as prompt
 * text (each syntax carries its own in `describe.rules`; a customised
 * instance, such as `createFenceSyntax({ word })`, caret `v0` or XML `param`
 * style, carries rules for what it writes). Kept for reading; `describeTools`
 * takes the rules from the syntax object.
 */
export const SYNTAX_RULES: Readonly<Record<SyntaxName, string>> = Object.fromEntries(
  Object.entries(builtinSyntaxes).map(([name, syntax]) => [name, syntax.describe?.rules ?? GENERIC_RULES]),
) as Record<SyntaxName, string>;

