// `npm start`: builds what is missing or out of date (quietly), then runs the production server
// in this process. package.json starts it with `exec`, so that the shell npm runs scripts in
// gives way to node: the SIGTERM or SIGINT npm passes on reaches the server, which stops
// gracefully and frees its port before npm exits.
import path from 'node:path';
import { ensureBuilt, root, TARGETS } from './ensure-built.mjs';

// With WEB_DIST_DIR set, the web app served is another folder: this checkout's is not needed.
await ensureBuilt(
  process.env.WEB_DIST_DIR?.trim() ? [TARGETS.server] : [TARGETS.web, TARGETS.server],
);
await import(path.join(root, 'apps/server/dist/main.js'));
