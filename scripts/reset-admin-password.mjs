// `npm run reset-admin-password`: see apps/server/src/reset-admin-password.ts.
import path from 'node:path';
import { ensureBuilt, root, TARGETS } from './ensure-built.mjs';

const cli = path.join(root, 'apps/server/dist/reset-admin-password.js');
await ensureBuilt([{ ...TARGETS.server, output: cli }]);
await import(cli);
