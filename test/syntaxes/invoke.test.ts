/**
 * The invoke syntax: Ollama's Glimmer tests ported as data (the `atem:` variant), format round
 * trips, refusals, malformed and cut-off blocks, markers split anywhere, partial input while
 * streaming, linear work.
 */
import { invokeSyntax } from '../../src/index.js';
import { cases } from '../fixtures/servers/invoke.js';
import { runServerCases } from '../support/server-cases.js';

runServerCases('invoke: server cases', cases, { syntaxes: [invokeSyntax] });
runServerCases('invoke: server cases under the default syntaxes', cases);
