/**
 * The minimax syntax (MiniMax-M2 and M3): the servers' parser tests ported as data (with the
 * syntax alone and with the default syntaxes), format round trips, refusals, malformed and
 * cut-off blocks, markers split anywhere, partial input while streaming, linear work.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, miniMaxSyntax, parseTranscript } from '../../src/index.js';
import { cases } from '../fixtures/servers/minimax.js';
import { runServerCases } from '../support/server-cases.js';

runServerCases('minimax: server cases', cases, { syntaxes: [miniMaxSyntax] });
runServerCases('minimax: server cases under the default syntaxes', cases);
