// Experiment behind the HTTP server's turn-taking (bench/RESULTS.md, "Tail latency"): how many
// waiting connections does one turn of Node's event loop accept? A child process opens 60
// connections while this process's loop is blocked for a second; once the loop runs again, each
// 'connection' event is filed under the turn it came in (a turn counter advanced by setImmediate).
// `node bench/probes/accept-per-turn.mjs` (try `UV_TCP_SINGLE_ACCEPT=0` or `=1`, or BENCH_BACKLOG).
import { spawn } from 'node:child_process';
import http from 'node:http';

const CONNECTIONS = 60;
const server = http.createServer((_request, response) => response.end('ok'));
let turn = 0;
const perTurn = new Map();
server.on('connection', () => perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1));
const countTurns = () => {
  turn++;
  if (turn < 1e6) setImmediate(countTurns);
};
const backlog = Number(process.env.BENCH_BACKLOG ?? 511);
server.listen({ port: 0, host: '127.0.0.1', backlog }, () => {
  const { port } = server.address();
  const client = `const net = require('node:net');
    for (let i = 0; i < ${CONNECTIONS}; i++) {
      const socket = net.connect(${port}, '127.0.0.1');
      socket.on('connect', () => socket.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n'));
      socket.on('error', () => {});
    }
    setTimeout(() => process.exit(0), 2500);`;
  spawn(process.execPath, ['-e', client], { stdio: 'inherit' });
  // The client connects meanwhile: the kernel completes the handshakes, nobody accepts.
  const until = Date.now() + 1000;
  while (Date.now() < until);
  setImmediate(countTurns);
  setTimeout(() => {
    const counts = [...perTurn.values()];
    console.log(
      JSON.stringify({
        accepted: counts.reduce((sum, n) => sum + n, 0),
        turnsThatAccepted: counts.length,
        mostInOneTurn: Math.max(...counts),
      }),
    );
    process.exit(0);
  }, 2000);
});
