import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedFilesystemName } from './modules/storage/configs/shared-folder-check';
import { createPostgresDatabase } from './test/pg-admin';
import {
  freePort,
  runScriptToExit,
  type ServerProcess,
  startServerProcess,
} from './test/server-process';

const MAIN = path.join(__dirname, 'main.ts');
const POSTGRES_URL = process.env.TEST_POSTGRES_URL;

/** `main.ts` in a process of its own that is expected to stop by itself at start. */
async function runUntilExit(env: Record<string, string>) {
  return runScriptToExit(MAIN, [], {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** One line on stderr, `sharebin: …`, naming `variable`, without `secret` anywhere. */
function expectOneLine(
  result: { code: number | null; stdout: string; stderr: string },
  variable: string,
  secret?: string,
) {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^sharebin: [^\n]+\n$/);
  expect(result.stderr).toContain(variable);
  if (secret) {
    expect(result.stderr).not.toContain(secret);
    expect(result.stdout).not.toContain(secret);
  }
}

// Each case starts a server process (tsx compiles it first): seconds on a busy machine.
describe('configuration errors at start', { timeout: 60_000 }, () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.killHard();
    for (const cleanup of cleanups.splice(0)) await cleanup();
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });
  const dataDir = async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sharebin-config-'));
    folders.push(folder);
    return folder;
  };

  it.each([
    [
      'a MySQL URL',
      { DATABASE_URL: 'mysql://sharebin:mysql-secret-pw@db.example/sharebin' },
      'DATABASE_URL',
      'mysql-secret-pw',
      'mysql:// is not supported: use postgres://… or a SQLite file path',
    ],
    [
      'any other scheme',
      { DATABASE_URL: 'mongodb://u:mongo-secret-pw@db.example/x' },
      'DATABASE_URL',
      'mongo-secret-pw',
      'mongodb:// is not supported: use postgres://… or a SQLite file path',
    ],
    [
      'a short SECRET_KEY',
      { SECRET_KEY: 'short-secret-value' },
      'SECRET_KEY',
      'short-secret-value',
      'needs at least 32 characters',
    ],
    [
      'a short ADMIN_PASSWORD',
      { ADMIN_PASSWORD: 'pw-1234' },
      'ADMIN_PASSWORD',
      'pw-1234',
      'needs at least 8 characters',
    ],
    [
      'CORS_ORIGINS=*',
      { CORS_ORIGINS: '*' },
      'CORS_ORIGINS',
      undefined,
      '`*` (every origin) is not supported',
    ],
    [
      'a malformed CORS origin',
      { CORS_ORIGINS: 'https://a.example,app.example/path' },
      'CORS_ORIGINS',
      undefined,
      '"app.example/path" is not an origin',
    ],
  ])(
    'refuses %s in one line that names the variable',
    async (_case, env, variable, secret, reason) => {
      const result = await runUntilExit({ DATA_DIR: await dataDir(), ...env });
      expectOneLine(result, variable, secret);
      expect(result.stderr).toContain(reason);
    },
  );

  it('refuses a DATA_DIR that cannot be created', async () => {
    const file = path.join(await dataDir(), 'a-file');
    await writeFile(file, 'not a folder');
    const result = await runUntilExit({ DATA_DIR: path.join(file, 'data') });
    expectOneLine(result, 'DATA_DIR');
    expect(result.stderr).toContain(`DATA_DIR ${path.join(file, 'data')} cannot be used`);
    expect(result.stderr).toContain('it is not a folder (ENOTDIR)');
  });

  it('names the SQLite file that cannot be opened, and the variable behind it', async () => {
    const folder = await dataDir();
    const missing = path.join(folder, 'missing', 'sharebin.db');
    const result = await runUntilExit({ DATA_DIR: folder, DATABASE_URL: missing });
    expectOneLine(result, 'DATABASE_URL');
    expect(result.stderr).toContain(`the SQLite database ${missing} cannot be opened: ENOENT`);

    await writeFile(path.join(folder, 'sharebin.db'), 'not a database '.repeat(40));
    const garbage = await runUntilExit({ DATA_DIR: folder });
    expectOneLine(garbage, 'DATA_DIR');
    expect(garbage.stderr).toContain(
      `the SQLite database ${path.join(folder, 'sharebin.db')} cannot be opened: file is not a database`,
    );
  }, 90_000);

  it('names the host and port of a PostgreSQL that does not answer, never the password', async () => {
    const port = await freePort();
    const result = await runUntilExit({
      DATA_DIR: await dataDir(),
      DATABASE_URL: `postgres://sharebin:pg-secret-pw@127.0.0.1:${port}/sharebin`,
    });
    expectOneLine(result, 'DATABASE_URL', 'pg-secret-pw');
    expect(result.stderr).toBe(
      `sharebin: DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:${port} ` +
        `(postgres://sharebin:***@127.0.0.1:${port}/sharebin): nothing accepts connections there (ECONNREFUSED)\n`,
    );
  });

  it('says that the port is in use instead of an unhandled error event', async () => {
    const squatter = createNetServer().listen(0, '127.0.0.1');
    await once(squatter, 'listening');
    const { port } = squatter.address() as { port: number };
    try {
      const result = await runUntilExit({ DATA_DIR: await dataDir(), PORT: String(port) });
      expectOneLine(result, 'PORT');
      expect(result.stderr).toMatch(
        new RegExp(`^sharebin: PORT ${port} is in use on 127\\.0\\.0\\.1: another program`),
      );
      expect(result.stderr).not.toContain("'error' event");
    } finally {
      squatter.close();
    }
  });

  it('refuses a SQLite database that a newer version migrated, naming that version', async () => {
    const folder = await dataDir();
    const first = await startServerProcess({ dataDir: folder });
    servers.push(first);
    await first.stop();
    // A single box never warns about sharing its local storage.
    expect(first.output.stdout).not.toContain('not on a shared file system');

    const db = new Database(path.join(folder, 'sharebin.db'));
    db.prepare(
      "insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ?)",
    ).run(new Date().toISOString());
    db.prepare("update schema_version set sharebin_version = '9.9.9'").run();
    db.close();

    const result = await runUntilExit({ DATA_DIR: folder });
    expectOneLine(result, 'Sharebin 9.9.9');
    expect(result.stderr).toBe(
      'sharebin: this database was upgraded by Sharebin 9.9.9 (it has migrations this version, dev, ' +
        'does not know: 9999_from_the_future); run Sharebin 9.9.9 or newer, or restore a backup taken before the upgrade\n',
    );
    const after = new Database(path.join(folder, 'sharebin.db'), { readonly: true });
    expect(after.prepare('select sharebin_version from schema_version').all()).toEqual([
      { sharebin_version: '9.9.9' },
    ]);
    after.close();
  }, 90_000);

  describe.runIf(POSTGRES_URL)('on PostgreSQL', () => {
    it('records the version, refuses a database a newer version migrated, and warns about an unshared local storage', async () => {
      const database = await createPostgresDatabase();
      cleanups.push(() => database.drop());
      const folder = await dataDir();
      const first = await startServerProcess({
        dataDir: folder,
        env: { DATABASE_URL: database.url },
      });
      servers.push(first);
      await first.stop();
      expect(
        await database.query('select sharebin_version, migration_count from schema_version'),
      ).toEqual([{ sharebin_version: 'dev', migration_count: expect.any(Number) }]);

      // The default storage is a local folder under DATA_DIR, on this machine's disk.
      const [storage] = await database.query(
        "select id, name from storage_configs where storage_type = 'local'",
      );
      const warnings = first.output.stdout
        .split('\n')
        .filter((line) => line.includes('not on a shared file system'))
        .map((line) => JSON.parse(line) as { level: number; storage: string; folder: string });
      expect(warnings).toEqual([
        expect.objectContaining({
          level: 40,
          storage: storage.name,
          folder: path.join(folder, 'storage', storage.id),
        }),
      ]);

      await database.query(
        "insert into kysely_migration (name, timestamp) values ('9999_from_the_future', now()::text)",
      );
      await database.query("update schema_version set sharebin_version = '9.9.9'");
      const result = await runUntilExit({ DATA_DIR: folder, DATABASE_URL: database.url });
      expectOneLine(result, 'Sharebin 9.9.9');
      expect(result.stderr).toContain(
        'this database was upgraded by Sharebin 9.9.9 (it has migrations this version, dev, does not know: 9999_from_the_future)',
      );
    }, 90_000);
  });
});

describe('shared file systems', () => {
  it('are told apart from local ones by their statfs type', () => {
    expect(sharedFilesystemName(0x6969)).toBe('NFS');
    expect(sharedFilesystemName(0xff534d42)).toBe('CIFS');
    // As a signed 32-bit number, as some platforms report it.
    expect(sharedFilesystemName(0xff534d42 | 0)).toBe('CIFS');
    expect(sharedFilesystemName(0x65735546)).toBe('FUSE');
    expect(sharedFilesystemName(0xef53)).toBeUndefined(); // ext4
    expect(sharedFilesystemName(0x01021994)).toBeUndefined(); // tmpfs
  });
});
