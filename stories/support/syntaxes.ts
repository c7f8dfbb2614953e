import { builtinSyntaxes, type SyntaxName } from '../../src/index.js';

/** Every syntax name of the contract, registered or not. */
export const ALL_SYNTAXES: readonly SyntaxName[] = ['fence', 'caret', 'emoji', 'xml', 'json', 'sentinel'];

/** The syntax names this build registers (a name that is not registered makes the parser throw). */
export const REGISTERED_SYNTAXES: readonly SyntaxName[] = ALL_SYNTAXES.filter((name) => builtinSyntaxes[name] !== undefined);

/** Whether this build registers `name`. */
export const isRegistered = (name: SyntaxName): boolean => REGISTERED_SYNTAXES.includes(name);

/** `names` less the ones this build does not register, so a story never throws on a syntax still being written. */
export function registered(names: readonly SyntaxName[]): SyntaxName[] {
  return names.filter(isRegistered);
}
