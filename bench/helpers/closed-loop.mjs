// A closed-loop HTTP/1.1 client, the cross-check of wrk's latency figures: `connections`
// keep-alive sockets, one request in flight on each, every latency recorded from the write of
// the request to the end of its response. Unlike wrk 4, it adds no coordinated-omission
// correction (synthetic samples), and it reports apart the first request of each connection,
// which waits for the server to accept the connection. Run as a child process:
// `node bench/helpers/closed-loop.mjs <json options>`; prints one JSON line.
import net from 'node:net';
import { createHistogram } from 'node:perf_hooks';

const {
  url,
  connections = 64,
  seconds = 5,
  method = 'GET',
  headers = {},
  body = '',
} = JSON.parse(process.argv[2]);
const target = new URL(url);
const head = [
  `${method} ${target.pathname}${target.search} HTTP/1.1`,
  `Host: ${target.host}`,
  ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
];
const request = Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);

const latency = createHistogram();
const firstRequest = createHistogram();
/** Every latency in µs, to apply wrk's correction afterwards. */
const raw = [];
let completed = 0;
let non2xx = 0;
const started = Date.now();
const deadline = started + seconds * 1000;

function connection() {
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    let sentAt = 0n;
    let first = true;
    let buffered = Buffer.alloc(0);
    const send = () => {
      if (Date.now() >= deadline) return socket.end(resolve);
      sentAt = process.hrtime.bigint();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('error', resolve);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = buffered.subarray(0, headerEnd).toString('latin1');
      const declared = /\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1];
      // Without a length the body is chunked: it ends with the empty last chunk.
      const length =
        declared === undefined
          ? buffered.indexOf('\r\n0\r\n\r\n', headerEnd) + 7 - (headerEnd + 4)
          : Number(declared);
      if (length < 3 || buffered.length < headerEnd + 4 + length) return;
      const elapsed = Math.max(1, Number(process.hrtime.bigint() - sentAt));
      latency.record(elapsed);
      raw.push(Math.round(elapsed / 1000));
      if (first) firstRequest.record(elapsed);
      first = false;
      if (!/^HTTP\/1\.1 2/.test(header)) non2xx++;
      completed++;
      buffered = buffered.subarray(headerEnd + 4 + length);
      send();
    });
  });
}

await Promise.all(Array.from({ length: connections }, connection));

/**
 * The same latencies as wrk 4 would print them: before its report, wrk adds for every latency
 * L of at least twice the mean interval E between two requests of one connection the
 * synthetic samples L − E, L − 2E, … above E (its coordinated-omission correction).
 */
function p99WithWrkCorrection(elapsedMicros) {
  const perConnection = Math.floor(raw.length / connections);
  if (perConnection === 0) return 0;
  const interval = Math.floor(elapsedMicros / perConnection);
  const samples = [...raw];
  for (const value of raw) {
    if (value < 2 * interval) continue;
    for (let synthetic = value - interval; synthetic > interval; synthetic -= interval) {
      samples.push(synthetic);
    }
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length * 0.99)] / 1000;
}
const ms = (ns) => Math.round(ns / 1e4) / 100;
console.log(
  JSON.stringify({
    requests: completed,
    rps: Math.round(completed / ((Date.now() - started) / 1000)),
    p50: ms(latency.percentile(50)),
    p90: ms(latency.percentile(90)),
    p99: ms(latency.percentile(99)),
    maxMs: ms(latency.max),
    p99WithWrkCorrection:
      Math.round(p99WithWrkCorrection((Date.now() - started) * 1000) * 100) / 100,
    firstRequestMaxMs: ms(firstRequest.max),
    non2xx,
  }),
);
