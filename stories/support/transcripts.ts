import caret from '../../examples/caret.md?raw';
import emoji from '../../examples/emoji.md?raw';
import fence from '../../examples/fence.md?raw';
import hermes from '../../examples/hermes.md?raw';
import json from '../../examples/json.md?raw';
import sentinel from '../../examples/sentinel.md?raw';
import xml from '../../examples/xml.md?raw';
import qwen3coder from '../../examples/qwen3coder.md?raw';
import glm from '../../examples/glm.md?raw';
import deepseek from '../../examples/deepseek.md?raw';
import kimi from '../../examples/kimi.md?raw';
import harmony from '../../examples/harmony.md?raw';
import minimax from '../../examples/minimax.md?raw';
import dsml from '../../examples/dsml.md?raw';
import invoke from '../../examples/invoke.md?raw';
import mistral from '../../examples/mistral.md?raw';
import phi4 from '../../examples/phi4.md?raw';
import toolcalls from '../../examples/toolcalls.md?raw';
import granite from '../../examples/granite.md?raw';
import gemma from '../../examples/gemma.md?raw';
import pythonic from '../../examples/pythonic.md?raw';
import lfm2 from '../../examples/lfm2.md?raw';
import olmo3 from '../../examples/olmo3.md?raw';
import internlm from '../../examples/internlm.md?raw';
import type { SyntaxName } from '../../src/index.js';

/**
 * A Cline-style session in tool-name XML (read with `tools` naming `read_file` and `write_to_file`;
 * not in `examples/`, whose files the CLI reads without tools).
 */
const tooltags = `I'll read the notes first, then add the summary section.

<read_file>
<path>docs/notes.md</path>
</read_file>

<write_to_file>
<path>docs/summary.md</path>
<content>
# Summary

<div class="note">Generated from the notes.</div>
</content>
</write_to_file>

Both steps are queued.
`;

/** A realistic transcript per syntax (`examples/*.md`, and the tool-name XML session above). */
export const EXAMPLES: Readonly<Record<SyntaxName, string>> = { fence, caret, emoji, xml, json, sentinel, hermes, qwen3coder, glm, deepseek, kimi, harmony, minimax, dsml, invoke, mistral, gemma, granite, toolcalls, phi4, tooltags, pythonic, lfm2, olmo3, internlm };

/** The fence, caret and emoji examples one after the other: a mixed transcript for the playground and the replay. */
export const MIXED = [fence, caret, emoji].join('\n\n');

/** Two weather lookups (one finished, one failed) and one still waiting, for a custom renderer. */
export const WEATHER = `Checking the weather in both cities before we pick a day for the picnic.

\`\`\`tool weather w_paris
input:
  city: Paris
output:
  temperature_c: 18
  conditions: Light rain
  wind_kmh: 14
\`\`\`

\`\`\`tool weather w_oslo
input:
  city: Oslo
errorText: "Station OSL-3 did not answer"
\`\`\`

\`\`\`tool weather w_rome
input:
  city: Rome
\`\`\`

Paris is wet, Oslo is unknown, Rome is still being looked up. A search for indoor options:

\`\`\`tool search
input:
  query: indoor picnic Paris
\`\`\`
`;

/** A fence whose YAML body is not valid: the call becomes `output-error`, with line and column. */
export const MALFORMED_YAML = `Creating the ticket now.

\`\`\`tool create_ticket
input:
  title: "Login fails on Safari
  labels: [bug, auth
\`\`\`

That block above is broken; the rest of the message still renders.
`;

/** A transcript that stops inside a block: the call is finished best-effort (`closed: false`). */
export const UNCLOSED = `Writing the migration:

\`\`\`tool write_file
input:
  path: db/migrations/0042_add_index.sql
  content: |
    CREATE INDEX CONCURRENTLY idx_orders_user
      ON orders (user_id);
`;

/**
 * A sentinel block with a known header whose `arguments` string is not valid JSON: the call
 * becomes `output-error`. (A header that is not JSON at all is not taken as a block: it stays text.)
 */
export const MALFORMED_SENTINEL = `Running the linter.

[[SEG_START {"type":"tool","tool_name":"lint","arguments":"{\\"fix\\": tru"}]][[SEG_END]]

Done.
`;

/**
 * A transcript of at least `bytes` UTF-8 bytes: sections of text and finished tool calls in
 * several syntaxes (no explicit ids, so every call gets its own `tool-call-N`).
 */
export function longTranscript(bytes: number): { text: string; calls: number } {
  const parts: string[] = [];
  let size = 0;
  let calls = 0;
  const encoder = new TextEncoder();
  for (let i = 1; size < bytes; i++) {
    const section = [
      `## Step ${i}\n\nLooking at **module ${i}** — the \`retry\` helper, its callers and the tests that cover it. `,
      'Nothing surprising so far; the next check reads the file and runs the suite for it.\n\n',
      `\`\`\`tool read_file\ninput:\n  path: src/module_${i}.ts\noutput: |\n  export function retry${i}(attempts = ${i % 5 + 1}) {\n    return attempts > 0;\n  }\n\`\`\`\n\n`,
      `^^^run_tests\npath: test/module_${i}.test.ts\nreporter: dot\n^^^\n\n`,
      `- checked \`module_${i}\`\n- ${i % 7 === 0 ? 'one flaky assertion, noted' : 'all green'}\n\n`,
    ].join('');
    parts.push(section);
    size += encoder.encode(section).length;
    calls += 2;
  }
  return { text: parts.join(''), calls };
}
