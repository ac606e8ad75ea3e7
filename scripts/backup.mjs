// `npm run backup`: see apps/server/src/backup.ts.
import path from 'node:path';
import { ensureBuilt, root, TARGETS } from './ensure-built.mjs';

const cli = path.join(root, 'apps/server/dist/backup.js');
await ensureBuilt([{ ...TARGETS.server, output: cli }]);
await import(cli);
