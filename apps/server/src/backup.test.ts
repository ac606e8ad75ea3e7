import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import type { Manifest } from './modules/backup/backup-format';
import { uploadForm } from './test/harness';
import { createPostgresDatabase } from './test/pg-admin';
import {
  apiCall,
  runScriptToExit,
  type ServerProcess,
  signInAsAdmin,
  startServerProcess,
} from './test/server-process';

/** `backup.ts` or `restore.ts` in a process of its own, as `npm run backup` runs it. */
const runTool = (tool: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runScriptToExit(path.join(__dirname, `${tool}.ts`), args, { LOG_LEVEL: 'silent', ...env });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('backup and restore of a SQLite install with local storage', { timeout: 60_000 }, () => {
  const folders: string[] = [];
  const folder = async (name: string) => {
    const created = await mkdtemp(path.join(tmpdir(), `sharebin-${name}-`));
    folders.push(created);
    return created;
  };
  let dataDir: string;
  let backupDir: string;
  let server: ServerProcess;
  const fileBytes = randomBytes(300_000);
  const pasteContent = `a paste kept across a restore ${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    dataDir = await folder('data');
    backupDir = path.join(await folder('backups'), 'first');
    server = await startServerProcess({ dataDir });
    const token = await signInAsAdmin(server.url);
    await apiCall(server.url, 'POST', '/paste', token, {
      content: pasteContent,
      slug: 'kept-paste',
    });
    const upload = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: uploadForm(fileBytes, 'kept.bin', { slug: 'kept-file' }),
    });
    expect(upload.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await server?.killHard();
    for (const created of folders.splice(0)) await rm(created, { recursive: true, force: true });
  });

  it('backs up the running server: database, secret.key, the uploaded file and a manifest', async () => {
    // Parts of an upload that never finished: the local driver's work, not data to keep.
    const [storageId] = await readdir(path.join(dataDir, 'storage'));
    const parts = path.join(dataDir, 'storage', storageId as string, '.multipart', 'unfinished');
    await mkdir(parts, { recursive: true });
    await writeFile(path.join(parts, 'part-1'), 'half an upload');
    // A user's folder of the same name deeper down is data, not the driver's.
    const userTmp = path.join(dataDir, 'storage', storageId as string, 'docs', '.tmp');
    await mkdir(userTmp, { recursive: true });
    await writeFile(path.join(userTmp, 'x.txt'), 'a user file in docs/.tmp');

    const result = await runTool('backup', ['--to', backupDir], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('backup complete');

    const manifest = JSON.parse(
      await readFile(path.join(backupDir, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest).toMatchObject({
      format: 'sharebin-backup',
      sharebinVersion: 'dev',
      databaseVersion: 'dev',
      engine: 'sqlite',
      migrations: { count: Object.keys(migrations).length, names: Object.keys(migrations) },
      secretKey: 'file',
      storageFiles: 'included',
    });
    const listed = manifest.files.map((file) => file.path);
    expect(listed.slice(0, 2)).toEqual(['sharebin.db', 'secret.key']);
    expect(listed.filter((file) => file.includes('.multipart'))).toEqual([]);
    expect(listed).toContain(`storage/${storageId}/docs/.tmp/x.txt`);
    const uploaded = manifest.files.filter((file) => file.path.endsWith('/kept.bin'));
    expect(uploaded).toEqual([
      {
        path: expect.stringMatching(/^storage\//),
        size: fileBytes.length,
        sha256: sha256(fileBytes),
      },
    ]);
    expect(await readFile(path.join(backupDir, 'secret.key'))).toEqual(
      await readFile(path.join(dataDir, 'secret.key')),
    );
    // The copy is one consistent file with the paste in it.
    const copy = new Database(path.join(backupDir, 'sharebin.db'), { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(
      copy.prepare("select count(*) as n from pastes where slug = 'kept-paste'").get(),
    ).toEqual({ n: 1 });
    copy.close();
  });

  it('refuses to back up into a folder that holds something', async () => {
    const result = await runTool('backup', ['--to', backupDir], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `sharebin: --to ${backupDir} is not empty: back up into a new or empty folder\n`,
    );
  });

  it('says loudly that --no-files leaves the uploaded files out', async () => {
    const target = path.join(await folder('backups'), 'no-files');
    const result = await runTool('backup', ['--to', target, '--no-files'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /WARNING +--no-files: the uploaded files in .* are NOT in this backup/,
    );
    const manifest = JSON.parse(
      await readFile(path.join(target, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest.storageFiles).toBe('excluded');
    expect(manifest.files.map((file) => file.path)).toEqual(['sharebin.db', 'secret.key']);
  });

  it('refuses to restore over the database of a running server', async () => {
    const result = await runTool('restore', ['--from', backupDir, '--force'], {
      DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `sharebin: the database ${path.join(dataDir, 'sharebin.db')} is in use: a Sharebin server (or another program) has it open; stop it before restoring\n`,
    );
  });

  it('refuses a backup from a newer version, and a damaged one, changing nothing', async () => {
    const target = await folder('target');
    const newer = path.join(await folder('backups'), 'newer');
    await cp(backupDir, newer, { recursive: true });
    const manifestFile = path.join(newer, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    manifest.databaseVersion = '9.9.9';
    manifest.migrations.names.push('9999_from_the_future');
    await writeFile(manifestFile, JSON.stringify(manifest));
    const refused = await runTool('restore', ['--from', newer], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'sharebin: this backup was upgraded by Sharebin 9.9.9 (it has migrations this version, dev, does not know: ' +
        '9999_from_the_future); run Sharebin 9.9.9 or newer, or restore a backup taken before the upgrade\n',
    );

    const damaged = path.join(await folder('backups'), 'damaged');
    await cp(backupDir, damaged, { recursive: true });
    const stored = manifest.files.find((file) => file.path.endsWith('/kept.bin'))?.path as string;
    await writeFile(path.join(damaged, stored), 'not the uploaded bytes');
    const broken = await runTool('restore', ['--from', damaged], { DATA_DIR: target });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      `sharebin: --from ${damaged} is damaged: ${stored} is not what the manifest says (size or SHA-256 differ)\n`,
    );
    expect(await readFile(path.join(target, 'sharebin.db')).catch(() => 'absent')).toBe('absent');
  });

  it('refuses a crafted manifest that names files outside their place, writing nothing', async () => {
    const target = await folder('target');
    const craft = async (name: string, change: (manifest: Manifest) => void) => {
      const crafted = path.join(await folder('backups'), name);
      await cp(backupDir, crafted, { recursive: true });
      const manifestFile = path.join(crafted, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
      change(manifest);
      await writeFile(manifestFile, JSON.stringify(manifest));
      return crafted;
    };
    const database = (manifest: Manifest) =>
      manifest.files.find((file) => file.path === 'sharebin.db') as Manifest['files'][number];

    const traversal = await craft('traversal', (manifest) => {
      manifest.database.file = '../../../etc/shadow';
    });
    const dotDot = await craft('dot-dot', (manifest) => {
      manifest.files.push({ ...database(manifest), path: 'storage/../sharebin.db' });
    });
    const unlisted = await craft('unlisted', (manifest) => {
      manifest.files = manifest.files.filter((file) => file.path !== 'sharebin.db');
    });
    for (const [crafted, message] of [
      [traversal, 'does not list the database and secret key this backup should hold'],
      [dotDot, 'names a file outside the backup (storage/../sharebin.db)'],
      [unlisted, 'does not list the database and secret key this backup should hold'],
    ] as const) {
      const refused = await runTool('restore', ['--from', crafted, '--force'], {
        DATA_DIR: target,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(`sharebin: --from ${crafted}: manifest.json ${message}\n`);
      expect(await readdir(target)).toEqual([]);
    }

    // A symbolic link with the right bytes behind it is refused too.
    const linked = await craft('linked', () => {});
    await rm(path.join(linked, 'secret.key'));
    await symlink(path.join(backupDir, 'secret.key'), path.join(linked, 'secret.key'));
    const refused = await runTool('restore', ['--from', linked], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `sharebin: --from ${linked}: secret.key is a symbolic link or not a plain file; a backup holds plain files only\n`,
    );
    expect(await readdir(target)).toEqual([]);
  });

  it('restores into a wiped DATA_DIR: the paste and the file are back and readable', async () => {
    await server.stop();
    const notEmpty = await runTool('restore', ['--from', backupDir], { DATA_DIR: dataDir });
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toMatch(
      new RegExp(
        `^sharebin: DATA_DIR ${dataDir} is not empty \\(.*sharebin\\.db.*\\): restore into an empty DATA_DIR, or add --force`,
      ),
    );

    await rm(dataDir, { recursive: true, force: true });
    const restored = await runTool('restore', ['--from', backupDir], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('restore complete');
    const [storageId] = await readdir(path.join(dataDir, 'storage'));
    expect(
      await readFile(
        path.join(dataDir, 'storage', storageId as string, 'docs', '.tmp', 'x.txt'),
        'utf8',
      ),
    ).toBe('a user file in docs/.tmp');

    server = await startServerProcess({ dataDir });
    const paste = await fetch(`${server.url}/api/raw/kept-paste`);
    expect(paste.status).toBe(200);
    expect(await paste.text()).toBe(pasteContent);
    const file = await fetch(`${server.url}/api/public/files/kept-file/content`);
    expect(file.status).toBe(200);
    // By digest: a deep comparison of the bytes would hold the event loop for seconds.
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(fileBytes));
    // The same admin signs in: the database and its secret key came back together.
    await signInAsAdmin(server.url);
  }, 90_000);

  it('with --force replaces the data of another install', async () => {
    const other = await folder('other');
    const before = await startServerProcess({ dataDir: other });
    await before.stop();
    const secretBefore = await readFile(path.join(other, 'secret.key'));

    const restored = await runTool('restore', ['--from', backupDir, '--force'], {
      DATA_DIR: other,
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await readFile(path.join(other, 'secret.key'))).toEqual(
      await readFile(path.join(backupDir, 'secret.key')),
    );
    expect(await readFile(path.join(other, 'secret.key'))).not.toEqual(secretBefore);

    const after = await startServerProcess({ dataDir: other });
    try {
      expect(await (await fetch(`${after.url}/api/raw/kept-paste`)).text()).toBe(pasteContent);
      const file = await fetch(`${after.url}/api/public/files/kept-file/content`);
      // By digest: a deep comparison of the bytes would hold the event loop for seconds.
      expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(fileBytes));
    } finally {
      await after.stop();
    }
  }, 90_000);
});

/** Creates a paste and an uploaded file on a running server; answers what to check later. */
async function createData(url: string) {
  const fileBytes = randomBytes(200_000);
  const pasteContent = `kept ${randomBytes(8).toString('hex')}`;
  const token = await signInAsAdmin(url);
  await apiCall(url, 'POST', '/paste', token, { content: pasteContent, slug: 'kept-paste' });
  const upload = await fetch(`${url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm(fileBytes, 'kept.bin', { slug: 'kept-file' }),
  });
  expect(upload.status).toBe(201);
  return async function expectDataBack(at: string) {
    expect(await (await fetch(`${at}/api/raw/kept-paste`)).text()).toBe(pasteContent);
    const file = await fetch(`${at}/api/public/files/kept-file/content`);
    expect(file.status).toBe(200);
    // By digest: a deep comparison of the bytes would hold the event loop for seconds.
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(fileBytes));
  };
}

/** Runs a command the tool printed, with the masked password put back. */
async function runPrinted(output: string, program: string, password: string) {
  const line = output.split('\n').find((candidate) => candidate.trim().startsWith(program));
  expect(line, `${program} command in ${output}`).toBeDefined();
  await promisify(execFile)('sh', [
    '-c',
    (line as string).trim().replace(':***@', `:${password}@`),
  ]);
}

describe.runIf(process.env.TEST_POSTGRES_URL)('backup and restore on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('prints the pg_dump and pg_restore commands with the password masked and copies the rest', async () => {
    const password = 'pg-backup-secret';
    const source = await createPostgresDatabase({ password });
    const target = await createPostgresDatabase({ password });
    const folders = await mkdtemp(path.join(tmpdir(), 'sharebin-pg-backup-'));
    cleanups.push(source.drop, target.drop, () => rm(folders, { recursive: true, force: true }));
    const dataDir = path.join(folders, 'data');
    const backupDir = path.join(folders, 'backup');

    const server = await startServerProcess({ dataDir, env: { DATABASE_URL: source.url } });
    cleanups.push(() => server.killHard());
    const expectDataBack = await createData(server.url);
    const backup = await runTool('backup', ['--to', backupDir], {
      DATA_DIR: dataDir,
      DATABASE_URL: source.url,
    });
    expect(backup.code).toBe(0);
    expect(backup.stdout).not.toContain(password);
    expect(backup.stdout).toContain(
      `pg_dump --format=custom --file='${path.join(backupDir, 'postgres.dump')}' 'postgres://postgres:***@`,
    );
    const manifest = JSON.parse(
      await readFile(path.join(backupDir, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest).toMatchObject({
      engine: 'postgres',
      database: { file: 'postgres.dump', madeBy: 'pg_dump' },
      migrations: { count: Object.keys(migrations).length },
      secretKey: 'file',
    });
    expect(manifest.files.map((file) => file.path)).toEqual([
      'secret.key',
      expect.stringMatching(/^storage\/.*\/kept\.bin$/),
    ]);
    await runPrinted(backup.stdout, 'pg_dump', password);
    await server.stop();

    // Another machine: an empty database and an empty DATA_DIR.
    await rm(dataDir, { recursive: true, force: true });
    const restore = await runTool('restore', ['--from', backupDir], {
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).not.toContain(password);
    await runPrinted(restore.stdout, 'pg_restore', password);

    const restored = await startServerProcess({ dataDir, env: { DATABASE_URL: target.url } });
    cleanups.push(() => restored.killHard());
    await expectDataBack(restored.url);
  }, 120_000);
});
