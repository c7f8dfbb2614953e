// Renders bench/results/latest.json as markdown: every goal-checked figure first, then the tables.

import { fmt, median } from './lib/stats.mjs';
import { renderStore } from './store.mjs';

const KB = (n) => (n >= 1_000_000 ? `${fmt(n / 1_000_000)} MB` : `${fmt(n / 1000, 1)} KB`);
const verdict = (f) => (f.pass === undefined ? '—' : f.pass ? '✅ pass' : '❌ miss');
const goalText = (f) => (f.goal ? `${f.goal.op === '<=' ? '≤' : '≥'} ${fmt(f.goal.value)} ${f.unit}` : '—');

function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderMarkdown({ meta, parts }) {
  const out = [];
  const figures = [...(parts.node?.figures ?? []), ...(parts.store?.figures ?? []), ...(parts.browser?.figures ?? []), ...(parts.bundle?.figures ?? [])];
  const goals = figures.filter((f) => f.goal && !f.id.startsWith('adv.'));
  const adversarial = figures.filter((f) => f.id.startsWith('adv.'));
  const advPass = adversarial.filter((f) => f.pass).length;

  out.push('# Benchmarks — latest run', '');
  out.push(
    `\`npm run bench\` on ${meta.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${meta.commit}\`${meta.dirty ? ' (src modified)' : ''}; ` +
      `Node ${meta.node}, ${meta.cpus}; ${meta.chromium}; ${meta.seconds} s${meta.quick ? '; **--quick**' : ''}.`,
    '',
    'Medians of interleaved rounds; ratios are medians of per-round ratios measured side by side. ' +
      'The machine is shared and noisy: read ratios, not absolute times. Method: [bench/README.md](../README.md).',
    '',
  );

  out.push('## Goals', '');
  out.push(
    table(
      ['figure', 'value', 'goal', 'result'],
      goals.map((f) => [f.label + (f.note ? ` (${f.note})` : ''), `${fmt(f.value)} ${f.unit}`, goalText(f), verdict(f)]),
    ),
  );
  if (adversarial.length) {
    out.push('', `Adversarial patterns (table below): ${advPass} of ${adversarial.length} 10× ratios within ≤ 1.1×.`);
  }
  out.push('');

  const node = parts.node?.tables;
  if (node?.wholeParse) {
    out.push('## Node: `parseTranscript` (whole string)', '');
    out.push('Generated transcripts mixing all six syntaxes with prose, lists, tables and code (bench/generate.mjs), all six syntaxes on.', '');
    out.push(table(['size', 'tool calls', 'median', 'throughput'], node.wholeParse.map((r) => [KB(r.size), r.tools, `${fmt(r.ms)} ms`, `${fmt(r.mbps)} MB/s`])), '');
  }
  if (node?.stream) {
    out.push(`## Node: stream (\`createTranscriptParser\`) against the whole parse, ${KB(node.stream.size)}`, '');
    out.push(table(['mode', 'median', 'throughput', '÷ whole parse'], node.stream.rows.map((r) => [r.mode, `${fmt(r.ms)} ms`, `${fmt(r.mbps)} MB/s`, `${fmt(r.ratio)}×`])), '');
  }
  if (node?.perSyntax) {
    out.push('## Node: per syntax (600 KB, prose and blocks of one syntax)', '');
    out.push(
      table(
        ['syntax', 'tool calls', 'whole parse', 'stream, 4-char deltas', 'stream ÷ whole'],
        node.perSyntax.map((r) => [r.syntax, `${r.tools}${r.errors ? ` (${r.errors} errors)` : ''}`, `${fmt(r.wholeMbps)} MB/s`, `${fmt(r.streamMbps)} MB/s`, `${fmt(r.ratio)}×`]),
      ),
      '',
    );
  }
  if (node?.adversarial) {
    out.push('## Node: adversarial patterns', '');
    out.push(
      'Whole parse at 200 KB and 2 MB: t(2 MB) ÷ 10·t(200 KB) (goal ≤ 1.1). The stream at 4-char deltas, 20 KB → 200 KB (goal ≤ 1.1). ' +
        'A pattern whose 20 KB → 200 KB growth predicts more than 15 s at 2 MB is not run at 2 MB. ' +
        'Each pattern runs in a process of its own, and every run holds its result until the sample ends, at both sizes, as an app holds what it parsed. ' +
        'A pattern with a ratio over 1.1 is measured twice more, each time in a new process; its ratios are then the medians of the three readings, which are shown in brackets.',
      '',
    );
    const mark = (v, readings) => `${fmt(v)}×${v <= 1.1 ? '' : ' ❌'}${readings ? ` (${readings.map((x) => fmt(x)).join(', ')})` : ''}`;
    const result = (res) => {
      if (!res) return '—';
      const states = Object.entries(res.states).map(([state, n]) => `${n} ${state}`);
      const parts = [`${res.texts} text`, ...states];
      return parts.join(', ') + (res.error ? `: “${res.error.replace(/\|/g, '\\|').replace(/\n/g, ' ')}”` : '');
    };
    const steps = (r) => (r.smallSteps === undefined ? '—' : `${fmt(r.smallSteps)} / ${fmt(r.bigSteps)}`);
    out.push(
      'Steps: code units the scanner visited per input unit at 200 KB / 2 MB (equal when the scan is linear). Result: the chunks at 2 MB, and at 200 KB when they differ in kind — ' +
        'then 2 MB took another path (a body over a size limit is not parsed) and the whole-parse 10× ratio is read at 20 KB → 200 KB instead.',
      '',
    );
    out.push(
      table(
        ['pattern', '200 KB', '2 MB', 'whole 10×', 'stream 10×', 'steps', 'result'],
        node.adversarial.map((r) => {
          const big = result(r.bigResult);
          const small = result(r.smallResult);
          const differs = r.linearAt200 !== undefined;
          const res = differs ? `2 MB: ${big}; 200 KB: ${small}` : big;
          const whole = differs ? `${mark(r.linearAt200, r.readings?.linearAt200)} at 20 KB → 200 KB (2 MB: ${fmt(r.linear)}×, another path)` : mark(r.linear, r.readings?.linear);
          const stream = mark(r.streamLinear, r.readings?.streamLinear);
          return r.skipped
            ? [r.name, '—', `not run: ${r.skipped}`, mark(r.linear, r.readings?.linear), stream, steps(r), res]
            : [r.name, `${fmt(r.smallMbps)} MB/s`, `${fmt(r.bigMbps)} MB/s`, whole, stream, steps(r), res];
        }),
      ),
      '',
    );
    if (node.adversarialFloor) {
      out.push(
        `For scale, two readers with no work that grows, measured the same way (results held), 200 KB → 2 MB: V8's own \`JSON.parse\` of a JSON array of short strings (the shape of the *unclosed caret block* row's result) ${fmt(node.adversarialFloor.ratio)}×; a JavaScript loop slicing each value out of that row's text onto one array ${node.adversarialFloor.slices === undefined ? 'not measured' : `${fmt(node.adversarialFloor.slices)}×`}. What they read over 1 is V8's cost of a live result ten times larger (its collector and its caches), not work that grows. \`JSON.parse\` pays least of it: it keeps short strings in V8's string table (one shared string per distinct value), while a reader written in JavaScript makes a fresh string per value.`,
        '',
      );
    }
  }
  if (node?.naive) {
    out.push(`## Node: naive renderer (remark-parse of the whole text on every ${node.naive.delta}-char delta) ÷ our stream`, '');
    out.push(
      table(
        ['size', 'naive, measured', 'naive, estimated', 'our stream', 'naive ÷ ours', 'how'],
        node.naive.rows.map((r) => [
          KB(r.size),
          r.naiveMs === undefined || r.naiveMs === null ? '—' : `${fmt(r.naiveMs / 1000)} s`,
          `${fmt(r.naiveEstimateMs / 1000)} s`,
          `${fmt(r.oursMs)} ms`,
          `${fmt(r.ratio)}×`,
          r.how,
        ]),
      ),
      '',
      `At 60 KB the naive run (${fmt(node.naive.rows[1].size / node.naive.delta)} parses of a growing text) would take minutes, so its total is estimated: ` +
        `the deltas are cut into ${node.naive.strata} equal strata and each stratum is charged its count × the measured parse time of the prefix at its middle. ` +
        'At 6 KB the naive run is measured in full, and the same estimator is shown beside it.',
      '',
    );
  }

  const browser = parts.browser?.tables?.browser;
  if (browser) {
    out.push('## Chromium: per-delta commit cost', '');
    out.push(
      `Median time of one \`flushSync\` update (render + DOM commit, layout effects and the synchronous re-render they cause) after mounting on a transcript ` +
        `of the given size, growing by the same continuation text at every size; production React build, ${browser.runs} runs × up to 100 deltas ` +
        `(react-markdown and Streamdown stop after 2 s, at least 8 samples), medians of the run medians; deltas cheaper than 0.2 ms are timed in groups of up to 16 back-to-back updates (the timer's grain is 5 µs). ` +
        '`ours` is `<ToolTranscript text={text} streaming>` with `text` grown as `text + delta`; `ours (store)` is the same component fed by `store.append(delta)`. ' +
        `No commit happened between deltas (outside the timed section) unless noted. Timer resolution: ${browser.crossOriginIsolated ? '5 µs (cross-origin isolated)' : '100 µs'}.`,
      '',
    );
    const late = (r, k) => (r[`${k}:late`] ? ` (${r[`${k}:late`]} late commits)` : '');
    const ms = (v) => `${v < 1 ? v.toFixed(3) : fmt(v)} ms`;
    out.push(
      table(
        ['delta', 'transcript', 'ours', 'ours (store)', 'react-markdown + gfm', 'Streamdown', 'react-markdown ÷ ours', 'Streamdown ÷ ours'],
        browser.rows.map((r) => [
          `${r.delta} chars`,
          KB(r.prefix ?? r.size),
          ms(r.ours) + late(r, 'ours'),
          ms(r['ours-store']) + late(r, 'ours-store'),
          ms(r['react-markdown']) + late(r, 'react-markdown'),
          ms(r.streamdown) + late(r, 'streamdown'),
          `${fmt(r['react-markdown'] / r.ours)}×`,
          `${fmt(r.streamdown / r.ours)}×`,
        ]),
      ),
      '',
    );
  }

  const big = parts.browser?.tables?.big;
  if (big?.length) {
    out.push('## Chromium: mounting a big transcript', '');
    out.push(
      'One synchronous mount of `<ToolTranscript text>` (parse included) on a generated transcript of mixed prose and calls, in a fresh page, beside ' +
        '`parseTranscript` of the same text in the same page; the JS heap the mounted transcript keeps (CDP, after a forced collection). ' +
        'Groups away from the viewport are placeholders until they come near it (`deferOffscreen`); the last row renders every group.',
      '',
    );
    const rowsBy = (bytes, full) => big.filter((r) => r.bytes === bytes && r.full === full);
    const med = (list, key) => median(list.map((r) => r[key]));
    const lines = [];
    for (const [bytes, full] of [[1_000_000, false], [5_000_000, false], [1_000_000, true]]) {
      const list = rowsBy(bytes, full);
      if (list.length === 0) continue;
      lines.push([
        `${bytes / 1e6} MB${full ? ', every group rendered' : ''}`,
        `${fmt(med(list, 'mountMs'))} ms`,
        `${fmt(med(list, 'parseMs'))} ms`,
        `${fmt(median(list.map((r) => r.mountMs / r.parseMs)))}×`,
        `${fmt(med(list, 'heapBytes') / 1e6, 1)} MB`,
        `${fmt(median(list.map((r) => r.heapBytes / r.length)))}×`,
        fmt(med(list, 'elements')),
      ]);
    }
    out.push(table(['transcript', 'mount', 'parseTranscript', 'mount ÷ parse', 'heap kept', 'heap ÷ input length', 'elements'], lines), '');
  }

  out.push(...renderStore(parts.store, fmt));

  const bundle = parts.bundle?.tables?.bundle;
  if (bundle) {
    out.push('## Bundle size (esbuild, minified, ESM, browser; react and react-dom external)', '');
    const goalCell = (r) => (r.goal ? `${r.goal.op === '<=' ? '≤' : '≥'} ${fmt(r.goal.value, 1)} kB ${r.pass ? '✅' : '❌'}` : '');
    out.push(
      table(
        ['bundle', 'min', 'min + gzip', 'goal'],
        bundle.map((r) => [r.label, `${fmt(r.min / 1000, 1)} kB`, `${fmt(r.gzip / 1000, 1)} kB`, goalCell(r)]),
      ),
      '',
    );
    const syntaxes = parts.bundle.tables.syntaxes ?? [];
    if (syntaxes.length > 0) {
      out.push(
        '### Each syntax object: its marginal cost over an app that parses with hermes and carries the whole kit (`bench/syntax-cost.mjs`)',
        '',
        table(
          ['syntax', 'described over the kit', 'marginal min + gzip', 'goal'],
          syntaxes.map((r) => [`\`${r.syntax}\``, r.kit ? 'yes' : 'no (hand-written)', `${fmt(r.gzip / 1000, 2)} kB`, goalCell(r)]),
        ),
        '',
      );
    }
  }
  if (parts.middleware?.markdown) out.push(parts.middleware.markdown);
  return `${out.join('\n')}\n`;
}
