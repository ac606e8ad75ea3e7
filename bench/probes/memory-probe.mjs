// Preloaded into a bench server (`node --import bench/probes/memory-probe.mjs`, e.g. through
// ZIP_BENCH_NODE_ARGS): every 500 ms it appends the process's memory to $BENCH_MEMORY_FILE,
// resident size and V8 heap apart, so that a benchmark can tell memory held from garbage the
// collector has not yet taken back. Nothing of it is in the server itself.
import { appendFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.BENCH_MEMORY_FILE;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
if (file) {
  setInterval(() => {
    const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
    // The young generation's size apart: it grows to its maximum under a high survival rate.
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    );
    appendFileSync(
      file,
      `${new Date().toISOString()} rss=${mb(rss)} heapTotal=${mb(heapTotal)} heapUsed=${mb(heapUsed)} external=${mb(external)} new=${mb(spaces.new_space ?? 0)} old=${mb(spaces.old_space ?? 0)} large=${mb(spaces.large_object_space ?? 0)} code=${mb(spaces.code_space ?? 0)}\n`,
    );
  }, 500).unref();
}
