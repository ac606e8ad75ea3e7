// Preloaded into a bench server (`node --import bench/probes/alloc-probe.mjs`, e.g. through
// ZIP_BENCH_NODE_ARGS) with BENCH_ALLOC_PROFILE=<prefix>: samples where the server allocates,
// garbage included (what the collector has taken back still counts), and every 5 s writes the
// profile so far to <prefix>.<n>.json; `node bench/probes/alloc-report.mjs <a> <b>` ranks the
// allocation sites between two of them. With BENCH_ALLOC_PROMOTED=1 only what outlived the young
// generation counts (what scavenges took back is left out). Nothing of it is in the server itself.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const prefix = process.env.BENCH_ALLOC_PROFILE;
if (prefix) {
  const session = new Session();
  session.connect();
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env.BENCH_ALLOC_PROMOTED !== '1',
  });
  let n = 0;
  setInterval(() => {
    session.post('HeapProfiler.getSamplingProfile', (error, result) => {
      if (error) return;
      writeFileSync(
        `${prefix}.${String(n++).padStart(3, '0')}.json`,
        JSON.stringify({ at: new Date().toISOString(), ...result.profile }),
      );
    });
  }, 5000).unref();
}
