import { runServerCases } from '../support/server-cases.js';
import { cases } from '../fixtures/servers/lfm2.js';
import { lfm2Syntax } from '../../src/index.js';
runServerCases('lfm2: the servers\' cases', cases, { syntaxes: [lfm2Syntax] });
runServerCases('lfm2: the servers\' cases under the default syntaxes', cases);
