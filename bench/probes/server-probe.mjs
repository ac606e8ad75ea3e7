// Preloaded into the built server by the latency benchmark (`node --import`): an event-loop
// delay histogram and the time each request spends inside the server (from Node's 'request'
// event to the response's 'finish'). On SIGUSR2 it writes both to $BENCH_PROBE_FILE and starts
// over, so that the benchmark reads one phase at a time. Nothing of it is in the server itself.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const inServer = createHistogram();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') {
    const response = args[1];
    const started = process.hrtime.bigint();
    response.once('finish', () =>
      inServer.record(Math.max(1, Number(process.hrtime.bigint() - started))),
    );
  }
  return emit.call(this, event, ...args);
};

const ms = (ns) => Math.round(ns / 1e4) / 100;
process.on('SIGUSR2', () => {
  writeFileSync(
    process.env.BENCH_PROBE_FILE,
    JSON.stringify({
      loopDelayMaxMs: ms(loopDelay.max),
      loopDelayP99Ms: ms(loopDelay.percentile(99)),
      inServerP99Ms: ms(inServer.percentile(99)),
      inServerMaxMs: ms(inServer.max),
    }),
  );
  loopDelay.reset();
  inServer.reset();
});
