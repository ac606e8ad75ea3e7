// `npm run restore -- --from DIR [--force]`: puts a backup made by `npm run backup` back into
// the DATA_DIR (and SQLite database) the server is configured for. The server must be stopped.
// In the container: `docker run --rm -v <volume>:/data <image> node apps/server/dist/restore.js …`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './app/config';
import { BackupError } from './modules/backup/backup-format';
import { print, runCli } from './modules/backup/cli';
import { restoreBackup } from './modules/backup/restore';

const USAGE = `Usage: npm run restore -- --from DIR [--force]
  Checks the backup in DIR (manifest, sizes, SHA-256, a version this Sharebin can run) and puts
  the database (SQLite), secret.key and the local storages' files back into DATA_DIR. Refuses
  while a server uses the database, and when DATA_DIR holds data unless --force (which replaces
  it). PostgreSQL: prints the pg_restore command to run.
`;

runCli(async () => {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!values.from) throw new BackupError('--from DIR is missing: say which backup to restore');
  await restoreBackup({
    config: loadConfig(process.env),
    // `npm run` works in the project's folder; a relative folder means the caller's.
    from: path.resolve(process.env.INIT_CWD ?? '.', values.from),
    force: values.force ?? false,
    print,
  });
  print('restore complete: start the server');
}, USAGE);
