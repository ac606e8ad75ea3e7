// `npm run restore`: see apps/server/src/restore.ts.
import path from 'node:path';
import { ensureBuilt, root, TARGETS } from './ensure-built.mjs';

const cli = path.join(root, 'apps/server/dist/restore.js');
await ensureBuilt([{ ...TARGETS.server, output: cli }]);
await import(cli);
