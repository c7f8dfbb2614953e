import { runServerCases } from '../support/server-cases.js';
import { cases } from '../fixtures/servers/pythonic.js';
import { pythonicSyntax } from '../../src/index.js';
runServerCases('pythonic: the servers\' cases', cases, { syntaxes: [pythonicSyntax] });
