// The control of the latency benchmark: a bare `node:http` server that reads a body and burns
// a fixed CPU time per request, with nothing of Sharebin in it. Driven by the same wrk command,
// it shows which part of a tail comes from the load itself (64 connections saturating one event
// loop on shared cores) rather than from the server's code.
// `node bench/helpers/control-server.mjs <port> <microseconds of CPU per request>`
import http from 'node:http';

const [port, cpuMicros] = [Number(process.argv[2]), Number(process.argv[3] ?? 800)];
http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const until = process.hrtime.bigint() + BigInt(cpuMicros * 1000);
      while (process.hrtime.bigint() < until);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ code: 201, bytes: Buffer.concat(chunks).length }));
    });
  })
  .listen(port, '127.0.0.1');
