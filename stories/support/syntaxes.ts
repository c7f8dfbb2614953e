import type { SyntaxName } from '../../src/index.js';

/** Every built-in syntax, in the contract's order (`json` is opt-in: not among the parser's defaults). */
export const ALL_SYNTAXES: readonly SyntaxName[] = ['fence', 'caret', 'emoji', 'xml', 'json', 'sentinel'];
