// The Chromium benchmark page: mounts one renderer on a prefix of a generated transcript, then
// grows the text by fixed-size deltas and times each commit (flushSync: render + DOM commit,
// layout effects and the synchronous re-render they cause). Bundled by bench/run.mjs with a
// production React build into bench/.cache/page/.
import { Profiler, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Streamdown } from 'streamdown';
import { parseTranscript } from '../../src/index.ts';
import { ToolTranscript } from '../../src/react/index.ts';
import { createTranscriptStore } from '../../src/store/index.ts';
import { ALL_SYNTAXES, fitSections, sections, transcript } from '../generate.mjs';
import '../../src/styles.css';

const REMARK_PLUGINS = [remarkGfm];
/** The history the renderer is mounted on (whole sections, up to the size asked for)... */
const HISTORY = sections(80_000, { seed: 1 });
/** ...and the continuation streamed after it: the same text whatever the size. */
const TAIL = transcript(8_000, { seed: 2 });

/** Each renderer as an app whose text grows: `mount(prefix)` returns `append(next, delta)`. */
const RENDERERS = {
  // <ToolTranscript text> re-rendered with the longer text, as a parent holding the text does.
  ours: textApp((text) => <ToolTranscript text={text} streaming syntaxes={ALL_SYNTAXES} />),
  // The same component fed through a store (store.append(delta)), as a stream reader does.
  'ours-store': (root, prefix, onRender) => {
    const store = createTranscriptStore({ syntaxes: ALL_SYNTAXES });
    store.append(prefix);
    flushSync(() =>
      root.render(
        <Profiler id="bench" onRender={onRender}>
          <ToolTranscript store={store} />
        </Profiler>,
      ),
    );
    return (_next, delta) => flushSync(() => store.append(delta));
  },
  'react-markdown': textApp((text) => <Markdown remarkPlugins={REMARK_PLUGINS}>{text}</Markdown>),
  streamdown: textApp((text) => <Streamdown isAnimating>{text}</Streamdown>),
};

function textApp(render) {
  return (root, prefix, onRender) => {
    let setText;
    function App() {
      const [text, set] = useState(prefix);
      setText = set;
      return (
        <Profiler id="bench" onRender={onRender}>
          {render(text)}
        </Profiler>
      );
    }
    flushSync(() => root.render(<App />));
    return (next) => flushSync(() => setText(next));
  };
}

const macrotask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(0);
  });

/**
 * Mounts `renderer` on the history's whole sections that fit in `size` units, then appends
 * `delta`-unit pieces: `warm` untimed, then timed ones until `count` deltas are measured or
 * `budgetMs` is spent (at least `minCount` samples). A macrotask between samples lets timers and
 * passive work run outside the timed section, as between the tokens of a real stream; commits
 * that happen there are counted (`lateCommits`). Deltas cheaper than the timer's 5 µs grain
 * allows to resolve are timed in groups of back-to-back updates (`group`).
 */
async function run({ renderer, size, delta, warm, count, minCount, budgetMs }) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  let inside = false;
  let lateCommits = 0;
  const onRender = () => {
    if (!inside) lateCommits++;
  };
  const prefix = fitSections(HISTORY, size);
  const doc = prefix + TAIL;
  inside = true;
  const mountStart = performance.now();
  const append = RENDERERS[renderer](root, prefix, onRender);
  const mountMs = performance.now() - mountStart;
  inside = false;
  await macrotask();
  lateCommits = 0;
  let pos = prefix.length;
  let text = prefix;
  const next = () => {
    const piece = doc.slice(pos, pos + delta);
    pos += delta;
    // Grown the way a chat client grows it (`text + delta`), not sliced from the whole.
    text += piece;
    return [text, piece];
  };
  /** Appends `n` deltas back to back, each its own flushSync update; returns the time per delta. */
  const step = (n) => {
    const inputs = Array.from({ length: n }, next);
    inside = true;
    const start = performance.now();
    for (const [full, piece] of inputs) append(full, piece);
    const elapsed = performance.now() - start;
    inside = false;
    return elapsed / n;
  };
  let warmTime = 0;
  for (let i = 0; i < warm; i++) {
    warmTime = step(1);
    await macrotask();
  }
  // Deltas faster than the timer's grain are timed in groups (≥ 0.2 ms a sample, at most 16).
  const group = Math.max(1, Math.min(16, Math.ceil(0.2 / Math.max(warmTime, 0.005))));
  const times = [];
  const started = performance.now();
  while (times.length * group < count && (times.length < minCount || performance.now() - started <= budgetMs)) {
    times.push(step(group));
    await macrotask();
  }
  root.unmount();
  container.remove();
  return { mountMs, times, group, lateCommits, prefixLength: prefix.length, crossOriginIsolated: self.crossOriginIsolated };
}

// Big transcripts: one mount of `<ToolTranscript text>` on a multi-megabyte text, beside a parse of
// the same text (the baseline, measured in the same page). Heap is read by the driver over CDP.
let big;

/** Generates the big text (kept for the next calls); returns its length in code units. */
function bigText(bytes) {
  big = { text: transcript(bytes, { seed: 3 }) };
  return big.text.length;
}

/** Times `parseTranscript` of the big text (the result is dropped). */
function bigParse() {
  const start = performance.now();
  parseTranscript(big.text, { syntaxes: ALL_SYNTAXES });
  return performance.now() - start;
}

/** Mounts `<ToolTranscript text>` on the big text in one synchronous render; `full` turns off the deferral of off-screen groups. */
function bigMount(full) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const start = performance.now();
  flushSync(() => root.render(<ToolTranscript text={big.text} syntaxes={ALL_SYNTAXES} deferOffscreen={full ? false : undefined} />));
  const ms = performance.now() - start;
  big.mounted = { root, container };
  return { ms, cards: container.querySelectorAll('[data-tool-call-id]').length, elements: container.getElementsByTagName('*').length };
}

window.bench = { run, bigText, bigParse, bigMount, renderers: Object.keys(RENDERERS), ready: true };
