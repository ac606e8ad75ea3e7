// `npm start`: builds what is missing or out of date (quietly), then runs the production server.
import path from 'node:path';
import { ensureBuilt, root, TARGETS } from './ensure-built.mjs';

await ensureBuilt([TARGETS.web, TARGETS.server]);
await import(path.join(root, 'apps/server/dist/main.js'));
