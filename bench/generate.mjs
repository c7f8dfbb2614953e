// Deterministic transcript generators for the benchmarks: a seeded PRNG, prose with everyday
// markdown, tool blocks in every syntax, and the adversarial patterns. Same seed → same text.

/** Every built-in syntax: the benchmarks parse with all six on (`json` is opt-in in the library). */
export const ALL_SYNTAXES = ['fence', 'caret', 'emoji', 'sentinel', 'xml', 'json'];

/** mulberry32: a small, fast, seeded PRNG. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

const WORDS = (
  'the a of to and in is it that for on with as this file function value we will then check result ' +
  'search tool call read write parse stream token delta render block fence text output input error ' +
  'now next first so because while each line test build config module import export type state'
).split(' ');
const NAMES = ['search', 'read_file', 'write_file', 'run_bash', 'list_dir', 'get_weather', 'edit', 'fetch_url'];
const FILES = ['src/main.rs', 'src/index.ts', 'lib/util.py', 'README.md', 'package.json', 'app/page.tsx'];

function words(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    let w = r.pick(WORDS);
    const roll = r();
    if (roll < 0.04) w = `**${w}**`;
    else if (roll < 0.08) w = `\`${w}()\``;
    else if (roll < 0.1) w = `[${w}](https://example.com/${w})`;
    else if (roll < 0.12) w = `_${w}_`;
    out.push(w);
  }
  const s = out.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
}

function codeLines(r, n) {
  const lines = [];
  for (let i = 0; i < n; i++) {
    // The first line unindented: a YAML block scalar takes its indentation from it.
    const indent = i === 0 ? '' : '    '.repeat(r.int(3));
    lines.push(`${indent}${r.pick(['let', 'const', 'if', 'return', 'print(', 'fn'])} ${r.pick(WORDS)}_${r.int(100)} = ${r.int(1000)};`);
  }
  return lines.join('\n');
}

/** Prose: a paragraph, a list, a code block in another language, a table or a quote. */
function prose(r) {
  const roll = r();
  if (roll < 0.55) return `${words(r, 20 + r.int(40))}\n\n`;
  if (roll < 0.7) {
    let s = '';
    for (let i = 0, n = 2 + r.int(4); i < n; i++) s += `- ${words(r, 4 + r.int(8))}\n`;
    return `${s}\n`;
  }
  if (roll < 0.8) return `\`\`\`${r.pick(['ts', 'py', 'sh', ''])}\n${codeLines(r, 2 + r.int(6))}\n\`\`\`\n\n`;
  if (roll < 0.9) {
    let s = '| name | value | note |\n| --- | --- | --- |\n';
    for (let i = 0, n = 2 + r.int(4); i < n; i++) s += `| ${r.pick(WORDS)} | ${r.int(1000)} | ${words(r, 3)} |\n`;
    return `${s}\n`;
  }
  return `> ${words(r, 10 + r.int(20))}\n\n`;
}

let callCounter = 0;
const id = (r) => `call_${(++callCounter).toString(36)}${r.int(1000)}`;

/** One tool block of `syntax`, closed, in one of that syntax's usual forms. */
export const BLOCKS = {
  fence(r) {
    const name = r.pick(NAMES);
    if (r() < 0.5) {
      return `\`\`\`tool ${name} ${id(r)}\nstate: output-available\ninput:\n  query: "${words(r, 4)}"\n  limit: ${r.int(20)}\noutput:\n  results:\n    - name: ${r.pick(WORDS)}\n      score: 0.${r.int(100)}\n    - name: ${r.pick(WORDS)}\n      score: 0.${r.int(100)}\n\`\`\`\n\n`;
    }
    return `\`\`\`tool ${name}\ninput:\n  path: ${r.pick(FILES)}\n  content: |\n${codeLines(r, 3 + r.int(5)).replace(/^/gm, '    ')}\n\`\`\`\n\n`;
  },
  caret(r) {
    if (r() < 0.5) {
      return `^^^write_file\nproject: demo\npath: ${r.pick(FILES)}\ncontent ---\n${codeLines(r, 3 + r.int(8))}\n--- content\n^^^\n\n`;
    }
    return `^^^read_files\nproject: demo\npaths: [\n  ${r.pick(FILES)}\n  ${r.pick(FILES)}\n]\n^^^\n\n`;
  },
  emoji(r) {
    return `🛠️[create-file ${r.pick(FILES)}]\n${codeLines(r, 3 + r.int(8))}\n🛠️[/end]\n\n`;
  },
  sentinel(r) {
    if (r() < 0.5) return `[[SEG_START {"type":"write_file","path":"/${r.pick(FILES)}"}]]\n${codeLines(r, 3 + r.int(6))}\n[[SEG_END]]\n\n`;
    return `Then run it: [[SEG_START {"type":"run_bash","id":"${id(r)}"}]]npm test -- ${r.pick(WORDS)}[[SEG_END]] and check.\n\n`;
  },
  xml(r) {
    const roll = r();
    if (roll < 0.4) {
      return `<tool name="${r.pick(NAMES)}" id="${id(r)}"><arguments><arg name="query">${words(r, 5)}</arg><arg name="limit" type="json">${r.int(50)}</arg></arguments></tool>\n\n`;
    }
    if (roll < 0.7) return `<tool:read_files>\n<param:path>${r.pick(FILES)}</param:path>\n<param:path>${r.pick(FILES)}</param:path>\n</tool:read_files>\n\n`;
    return `<run_bash cwd="/repo" timeout="60">npm test && npm run lint -- ${r.pick(WORDS)}</run_bash>\n\n`;
  },
  json(r) {
    if (r() < 0.5) {
      const args = JSON.stringify(JSON.stringify({ path: r.pick(FILES), note: words(r, 4) }));
      return `{"tool_calls":[{"id":"${id(r)}","type":"function","function":{"name":"${r.pick(NAMES)}","arguments":${args}}}]}\n\n`;
    }
    return `{"name": "${r.pick(NAMES)}", "args": {"city": "${r.pick(WORDS)}", "units": "metric", "days": ${r.int(10)}}}\n\n`;
  },
};

/**
 * The sections (prose and tool blocks alternating, each block of one of `syntaxes`, all six by
 * default) of a transcript of at least `bytes` UTF-16 code units.
 */
export function sections(bytes, { seed = 1, syntaxes = ALL_SYNTAXES } = {}) {
  const r = rng(seed);
  callCounter = 0;
  const parts = [];
  /** Whether each section is a tool block (`parts.tools[i]`). */
  parts.tools = [];
  let length = 0;
  while (length < bytes) {
    const tool = r() >= 0.6;
    const part = tool ? BLOCKS[r.pick(syntaxes)](r) : prose(r);
    parts.push(part);
    parts.tools.push(tool);
    length += part.length;
  }
  return parts;
}

/** A transcript of about `bytes` code units (at least that many, cut at a section end). */
export function transcript(bytes, options) {
  return sections(bytes, options).join('');
}

/**
 * The longest run of whole sections of `parts` (from {@link sections}) that fits in `bytes` code
 * units and ends with a tool block, so that text streamed after it starts a new text item whatever
 * the size.
 */
export function fitSections(parts, bytes) {
  let text = '';
  let fit = '';
  for (let i = 0; i < parts.length; i++) {
    if (text.length + parts[i].length > bytes) break;
    text += parts[i];
    if (parts.tools[i]) fit = text;
  }
  return fit;
}

/** A string of exactly `bytes` code units: `unit` repeated (cut), after an optional head. */
function fill(bytes, unit, head = '', tail = '') {
  const n = Math.max(0, bytes - head.length - tail.length);
  return head + unit.repeat(Math.ceil(n / unit.length)).slice(0, n) + tail;
}

/**
 * Adversarial inputs, each a function of the size in code units. Markers that open or almost
 * open a block, repeated; deep nesting; unclosed blocks; one huge body. Parsed with all six
 * syntaxes on.
 */
export const ADVERSARIAL = {
  'emoji opener `🛠️[` repeated': (n) => fill(n, '🛠️['),
  'emoji opener `🛠️[a ` never closed by `]`': (n) => fill(n, 'a ', '🛠️[a '),
  'caret `^^^a\\n` repeated': (n) => fill(n, '^^^a\n'),
  'backticks repeated': (n) => fill(n, '`'),
  'backtick then `🛠️[a]` (pending code span)': (n) => fill(n, '`x 🛠️[a]\n'),
  'fence opener ```` ```tool ```` lines repeated': (n) => fill(n, '```tool\n'),
  'tiny fence blocks ```` ```tool x\\n``` ```` repeated': (n) => fill(n, '```tool x\n```\n'),
  '`<` repeated': (n) => fill(n, '<'),
  '`<tool name="x">` repeated': (n) => fill(n, '<tool name="x">'),
  '`<tool:` repeated': (n) => fill(n, '<tool:'),
  '`[[SEG_START ` repeated': (n) => fill(n, '[[SEG_START '),
  '`[[` repeated': (n) => fill(n, '[['),
  'sentinel header `[[SEG_START {"type":"` + `[` unbalanced': (n) => fill(n, '[', '[[SEG_START {"type":"'),
  '`{"tool_calls":[` repeated (line starts)': (n) => fill(n, '{"tool_calls":[\n'),
  '`{` repeated': (n) => fill(n, '{'),
  '`{` at line starts': (n) => fill(n, '{\n'),
  'deeply nested JSON call arguments': (n) => {
    const head = '{"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":';
    return fill(n, '{"a":', head);
  },
  'deeply nested YAML (flow `[`) in a fence': (n) => fill(n, '[', '```tool t\ninput: ', '\n```\n'),
  'deeply nested YAML (block maps) in a fence': (n) => {
    // Nesting 40 deep, repeated: block-map indentation grows the text quadratically with depth.
    let unit = '';
    for (let d = 0; d < 40; d++) unit += `${'  '.repeat(d + 1)}k${d}:\n`;
    unit += `${'  '.repeat(41)}leaf: 1\n`;
    const body = [];
    let length = 0;
    for (let i = 0; length < n; i++) {
      const part = unit.replace(/^ {2}k0:/m, `  k0_${i}:`);
      body.push(part);
      length += part.length;
    }
    return fill(n, ' ', `\`\`\`tool t\ninput:\n${body.join('').slice(0, n - 40)}`).slice(0, n);
  },
  'unclosed fence with a long YAML body': (n) => fill(n, '  line: some value here\n', '```tool t\ninput:\n'),
  // Traps for the YAML subset reader's patterns (a regular expression that backtracks over a run of spaces).
  'a run of spaces inside a fence YAML value': (n) => fill(n, ' ', '```tool t\ninput:\n  a: x', 'y\n```\n'),
  'a run of spaces, then U+2028, in a fence YAML value': (n) => fill(n, ' ', '```tool t\ninput:\n  a:', '\u2028x\n```\n'),
  'unclosed emoji block': (n) => fill(n, 'print("hello world")\n', '🛠️[create-file a.py]\n'),
  'unclosed XML block with many args': (n) => fill(n, '<arg name="q">value</arg>', '<tool name="t"><arguments>'),
  'unclosed caret block': (n) => fill(n, 'key: value\n', '^^^write_file\n'),
  'unclosed sentinel block': (n) => fill(n, 'echo hello\n', '[[SEG_START {"type":"run_bash"}]]'),
  'one huge fence body (block scalar)': (n) => fill(n, '    let x = 1; // some code\n', '```tool write\ninput:\n  content: |\n', '```\n'),
  'one huge emoji body': (n) => fill(n, 'let x = 1; // some code\n', '🛠️[create-file a.rs]\n', '🛠️[/end]\n'),
  'one huge XML arg': (n) => fill(n, 'x < y && z; ', '<tool name="w"><arguments><arg name="content">', '</arg></arguments></tool>'),
  'many tiny emoji blocks': (n) => fill(n, '🛠️[a]\n🛠️[/end]\n'),
  'one line of plain text, no newline': (n) => fill(n, 'word '),
  'CRLF prose lines': (n) => fill(n, 'some prose here\r\n'),
};
