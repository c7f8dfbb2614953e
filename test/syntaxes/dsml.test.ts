/**
 * The dsml syntax (DeepSeek-V3.2 / V4): the servers' parser tests ported as data (with the
 * syntax alone and with the default syntaxes), format round trips, refusals, malformed and
 * cut-off blocks, markers split anywhere, partial input while streaming, linear work.
 */
import { dsmlSyntax } from '../../src/index.js';
import { cases } from '../fixtures/servers/dsml.js';
import { runServerCases } from '../support/server-cases.js';

runServerCases('dsml: server cases', cases, { syntaxes: [dsmlSyntax] });
runServerCases('dsml: server cases under the default syntaxes', cases);
