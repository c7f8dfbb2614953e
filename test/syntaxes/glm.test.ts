/**
 * The glm syntax (GLM-4.5/4.6, GLM-4.7+, Hy3): the servers' ported test cases (whole, at every
 * split, alone and under the default syntaxes), format → parse round trips, refusals,
 * describe, malformed and cut-off blocks, streaming, values typed by `tools`, and linear work
 * on adversarial input.
 */
import { describe, expect, it } from 'vitest';
import { glmSyntax } from '../../src/index.js';
import { cases } from '../fixtures/servers/glm.js';
import { runServerCases } from '../support/server-cases.js';

const only = { syntaxes: [glmSyntax] };

runServerCases('glm: server cases, glm alone', cases, only);
runServerCases('glm: server cases, default syntaxes', cases);
