// Preloaded into a `tool-transcript` child process (`node --expose-gc --import …/live-heap.mjs`):
// every 100 ms, a full collection and the heap still in use; at exit, the largest such figure
// (the live set, whatever the garbage collector's pace) and the peak RSS, written as JSON to the
// file named by LIVE_HEAP_FILE.
import { writeFileSync } from 'node:fs';

let live = 0;
const sample = () => {
  globalThis.gc();
  live = Math.max(live, process.memoryUsage().heapUsed);
};
setInterval(sample, 100).unref();
process.on('exit', () => {
  sample();
  writeFileSync(process.env.LIVE_HEAP_FILE, JSON.stringify({ live, maxRss: process.resourceUsage().maxRSS * 1024 }));
});
