// `npm run backup -- --to DIR [--no-files]`: backs up the installation the server is configured
// for (the same DATA_DIR / DATABASE_URL / SECRET_KEY environment), while it runs or not.
// In the container: `docker exec <container> node apps/server/dist/backup.js --to /data/backups/…`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './app/config';
import { createBackup } from './modules/backup/backup';
import { BackupError } from './modules/backup/backup-format';
import { print, runCli } from './modules/backup/cli';

const USAGE = `Usage: npm run backup -- --to DIR [--no-files]
  Copies the database (SQLite: an online backup, safe while the server runs; PostgreSQL: prints
  the pg_dump command to run), secret.key, the files of the local storages under DATA_DIR and a
  manifest.json into DIR (new or empty). --no-files leaves the uploaded files out.
`;

runCli(async () => {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      'no-files': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!values.to) throw new BackupError('--to DIR is missing: say where the backup goes');
  await createBackup({
    config: loadConfig(process.env),
    // `npm run` works in the project's folder; a relative folder means the caller's.
    to: path.resolve(process.env.INIT_CWD ?? '.', values.to),
    includeFiles: !values['no-files'],
    print,
  });
  print('backup complete');
}, USAGE);
