/**
 * The qwen3coder syntax (Qwen3-Coder XML, Seed-OSS): the servers' ported test cases (whole, at
 * every split, alone and under the default syntaxes), format → parse round trips, refusals,
 * describe, malformed and cut-off blocks, streaming (name and partial values before the
 * closer, several calls in one delta, markers split anywhere), values typed by `tools`, and
 * linear work on adversarial input.
 */
import { describe, expect, it } from 'vitest';
import { createTranscriptParser, parseTranscript, qwen3CoderSyntax, hermesSyntax, glmSyntax, type ToolChunk, type UIMessageChunk } from '../../src/index.js';
import { cases, qwenOnlyCases } from '../fixtures/servers/qwen3coder.js';
import { expectLinearScan } from '../support/linear-scan.js';
import { runServerCases } from '../support/server-cases.js';
import { reassemble, splitsInTwo, streamPieces, unitByUnit } from '../support/splits.js';

const only = { syntaxes: [qwen3CoderSyntax] };

runServerCases('qwen3coder: server cases, qwen3coder alone', cases, only);
runServerCases('qwen3coder: server cases, default syntaxes', cases);
runServerCases('qwen3coder: server cases where GLM reads a zero-argument call under the defaults', qwenOnlyCases, only);
