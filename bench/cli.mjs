// The `tool-transcript` command on big inputs: peak RSS and wall time of `render` and `parse` at a
// few sizes, each in its own process under GNU time (`/usr/bin/time -f '%M %e'`). Needs the built
// command (`npm run build`). Not part of `npm run bench` (a 50 MB render takes a minute or more).
//
//   node bench/cli.mjs                      # render and parse at 5, 20, 50 MB
//   node bench/cli.mjs --sizes=1,5 --only=render
//   node bench/cli.mjs --node-args=--max-old-space-size=64
//   node bench/cli.mjs --cli=/tmp/old/dist/cli.js   # another build, to compare
//
// Inputs are `generate.mjs` transcripts (all six syntaxes, seeded), written once to bench/.cache.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_SYNTAXES, transcript } from './generate.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = fileURLToPath(new URL('./.cache/cli/', import.meta.url));

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split(/=(.*)/s);
    return [key, value];
  }),
);
const sizes = (args.sizes ?? '5,20,50').split(',').map(Number);
const commands = args.only ? [args.only] : ['render', 'parse'];
/** `--cli=path/to/cli.js`: another build of the command (an older one, to compare). */
const cli = args.cli ?? `${root}dist/cli.js`;
const nodeArgs = args['node-args'] ? args['node-args'].split(' ') : [];

if (!existsSync(cli)) throw new Error('build first: npm run build');
mkdirSync(cache, { recursive: true });

/** The input of `mb` megabytes (10^6 UTF-8 bytes, about), generated once. */
function input(mb) {
  const file = `${cache}transcript-${mb}MB.md`;
  if (!existsSync(file)) {
    // A 1 MB transcript repeated: generating 50 MB at once would itself need a lot of memory.
    const unit = transcript(1_000_000, { seed: 7 });
    const whole = Math.floor(mb);
    const rest = transcript(Math.round((mb - whole) * 1_000_000), { seed: 7 });
    writeFileSync(file, unit.repeat(whole) + (mb > whole ? rest : ''));
  }
  return file;
}

const rows = [];
for (const mb of sizes) {
  const file = input(mb);
  const bytes = statSync(file).size;
  for (const command of commands) {
    const out = `${cache}out-${mb}MB.${command === 'render' ? 'html' : 'json'}`;
    const result = spawnSync(
      '/usr/bin/time',
      ['-f', '%M %e', process.execPath, ...nodeArgs, cli, command, file, '-o', out, '--syntax', ALL_SYNTAXES.join(',')],
      { encoding: 'utf8' },
    );
    const lines = result.stderr.trim().split('\n');
    const [kb, seconds] = lines.at(-1).split(' ').map(Number);
    const ok = result.status === 0;
    const rss = (kb * 1024) / 2 ** 20;
    const row = {
      command,
      inputMB: +(bytes / 2 ** 20).toFixed(1),
      ok,
      peakRssMB: Math.round(rss),
      rssPerInput: +((kb * 1024) / bytes).toFixed(1),
      seconds,
      secondsPerMB: +(seconds / (bytes / 2 ** 20)).toFixed(2),
      outputMB: ok ? +(statSync(out).size / 2 ** 20).toFixed(1) : undefined,
    };
    if (!ok) row.error = lines.slice(0, -1).join(' ').slice(0, 200);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
console.table(rows);
