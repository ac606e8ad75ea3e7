import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../modules/shared/db';
import { resolveSecretKey } from '../modules/shared/secret-key';
import { StartupError } from '../modules/shared/startup-error';
import {
  ADMIN,
  createTestClock,
  sendRequest,
  signInAdmin,
  testServerDeps,
  uploadForm,
  useTestServer,
} from '../test/harness';
import { mountTmpfs, type Tmpfs } from '../test/tmpfs';
import { createServer } from './create-server';
import { MODES_TIGHTENED_MARKER, tightenDataDirModes } from './data-dir-modes';
import { initialiseInstance, prepareDataDir } from './start-up';

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every folder and file under `root`, with its permission bits. */
function modesUnder(root: string): Record<string, number> {
  const modes: Record<string, number> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(root, full)] = mode(full);
  }
  return modes;
}

describe('the data folder', () => {
  const temporary: string[] = [];
  afterEach(async () => {
    for (const folder of temporary.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  it('is created owner-only, and so is everything the server writes into it', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'sharebin-data-'));
    temporary.push(parent);
    const dataDir = path.join(parent, 'data');

    // What main() does at start, on a fresh folder.
    await prepareDataDir(dataDir);
    const secretKey = resolveSecretKey({ configured: undefined, dataDir });
    const database = openSqlite(path.join(dataDir, 'sharebin.db'));
    const server = createServer(
      testServerDeps({ db: database.db, clock: createTestClock(), dataDir, secretKey }),
    );
    try {
      await initialiseInstance({ database, server, admin: ADMIN });
      const token = await signInAdmin(server.app);
      const uploaded = await sendRequest(
        server.app,
        'POST',
        '/api/upload',
        uploadForm(Buffer.from('private bytes'), 'notes.txt'),
        { token },
      );
      expect(uploaded.status).toBe(201);

      const modes = modesUnder(dataDir);
      expect(Object.keys(modes)).toEqual(
        expect.arrayContaining(['sharebin.db', 'sharebin.db-wal', 'sharebin.db-shm', 'secret.key']),
      );
      expect(Object.values(modes).filter((bits) => bits === 0o600).length).toBeGreaterThan(4);
      expect(mode(dataDir)).toBe(0o700);
      for (const [name, bits] of Object.entries(modes)) {
        const isFolder = statSync(path.join(dataDir, name)).isDirectory();
        expect(bits.toString(8), name).toBe(isFolder ? '700' : '600');
      }
    } finally {
      await server.drivers.closeAll();
      await database.db.destroy();
    }
  });

  it('of an older install (0755, database 0644) is made owner-only at start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-old-'));
    temporary.push(dataDir);
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'sharebin.db');
    await openSqlite(file).db.destroy();
    for (const name of ['sharebin.db', 'sharebin.db-wal', 'sharebin.db-shm']) {
      writeFileSync(path.join(dataDir, name), '', { flag: 'a' });
      chmodSync(path.join(dataDir, name), 0o644);
    }

    await prepareDataDir(dataDir);
    const database = openSqlite(file);
    await database.db.destroy();

    expect(mode(dataDir).toString(8)).toBe('700');
    for (const name of ['sharebin.db', 'sharebin.db-wal', 'sharebin.db-shm']) {
      expect(mode(path.join(dataDir, name)).toString(8), name).toBe('600');
    }
  });

  it('of an older install has its stored files made owner-only once, links left alone', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-old-files-'));
    const outside = await mkdtemp(path.join(tmpdir(), 'sharebin-outside-'));
    temporary.push(dataDir, outside);
    const folder = path.join(dataDir, 'storage', 'local-1', 'docs');
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(path.join(dataDir, 'storage'), 0o755);
    const upload = path.join(folder, 'report.pdf');
    writeFileSync(upload, 'old upload', { mode: 0o644 });
    chmodSync(upload, 0o644);
    const target = path.join(outside, 'not-ours.txt');
    writeFileSync(target, 'elsewhere');
    chmodSync(target, 0o644);
    symlinkSync(target, path.join(folder, 'link-out'));
    symlinkSync(outside, path.join(dataDir, 'folder-link-out'));

    await prepareDataDir(dataDir);

    expect(mode(upload).toString(8)).toBe('600');
    expect(mode(folder).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'storage')).toString(8)).toBe('700');
    expect(mode(target).toString(8)).toBe('644');
    expect(mode(outside).toString(8)).toBe('700'); // mkdtemp's own mode, untouched
    expect(lstatSync(path.join(folder, 'link-out')).isSymbolicLink()).toBe(true);

    // Once: a later start does not walk the folder again.
    const later = path.join(folder, 'later.bin');
    writeFileSync(later, '');
    chmodSync(later, 0o644);
    await prepareDataDir(dataDir);
    expect(mode(later).toString(8)).toBe('644');
  });

  it('is tightened even while another instance removes files from it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-shared-dir-'));
    temporary.push(dataDir);
    const names = Array.from({ length: 400 }, (_, index) => `.write-check-${index}`);
    for (const name of names) writeFileSync(path.join(dataDir, name), '', { mode: 0o644 });

    // The other instance's probes vanish while this walk runs over them.
    const walking = tightenDataDirModes(dataDir);
    await Promise.all(names.map((name) => rm(path.join(dataDir, name))));

    await expect(walking).resolves.toBeGreaterThanOrEqual(0);
    expect(lstatSync(path.join(dataDir, MODES_TIGHTENED_MARKER)).isFile()).toBe(true);
  });

  it('that cannot be written stops the start with its path and the reason', async (context) => {
    const readOnly = mountTmpfs({ sizeBytes: 1024 * 1024, readOnly: true });
    if (typeof readOnly === 'string') return context.skip(readOnly);
    try {
      const dataDir = path.join(readOnly.path, 'data');
      const refused = prepareDataDir(dataDir);
      await expect(refused).rejects.toBeInstanceOf(StartupError);
      await expect(refused).rejects.toThrow(`DATA_DIR ${dataDir} cannot be used`);
      await expect(refused).rejects.toThrow('read-only file system (EROFS)');

      // An existing folder on a read-only file system, too.
      const existing = prepareDataDir(readOnly.path);
      await expect(existing).rejects.toThrow(`DATA_DIR ${readOnly.path} cannot be used`);
      await expect(existing).rejects.toThrow('read-only');
    } finally {
      readOnly.unmount();
    }
  });
});

describe('a full disk under local storage', () => {
  // A real full disk: the server's data folder is a 1 MiB tmpfs, mounted before each server
  // takes it (useTestServer's beforeEach runs after this beforeAll).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-small-disk-'));
  let smallDisk: Tmpfs | string = 'not mounted yet';
  beforeAll(() => {
    smallDisk = mountTmpfs({ sizeBytes: 1024 * 1024, at: dataDir });
  });
  afterAll(() => {
    if (typeof smallDisk !== 'string') smallDisk.unmount();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const t = useTestServer('sqlite', { dataDir });

  it('answers 507 storage.full and keeps nothing of the upload', async (context) => {
    if (typeof smallDisk === 'string') return context.skip(smallDisk);
    const { admin } = await t.signInWithLocalStorage();
    const refused = await t.request(
      'POST',
      '/api/upload',
      uploadForm(Buffer.alloc(2 * 1024 * 1024, 7), 'big.bin'),
      admin,
    );
    expect(refused.status).toBe(507);
    expect(refused.body.error).toBe('storage.full');
    expect(refused.body.message).toMatch(/storage is full/);

    expect(await t.db.selectFrom('file_shares').select('slug').execute()).toEqual([]);
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true });
    expect(files.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);

    // The disk is usable again once the failed upload is gone.
    const small = await t.request(
      'POST',
      '/api/upload',
      uploadForm(Buffer.from('fits'), 'small.txt'),
      admin,
    );
    expect(small.status).toBe(201);
  });
});
