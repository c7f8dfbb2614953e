import { runServerCases } from '../support/server-cases.js';
import { cases } from '../fixtures/servers/olmo3.js';
import { olmo3Syntax } from '../../src/index.js';
runServerCases('olmo3: the servers\' cases', cases, { syntaxes: [olmo3Syntax] });
runServerCases('olmo3: the servers\' cases under the default syntaxes', cases);
