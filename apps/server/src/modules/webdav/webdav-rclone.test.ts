import { execFile, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listenForClients } from '../../test/dav-kit';
import { adminWithDocsMount, useS3rver } from '../../test/fs-kit';
import { ADMIN, ENGINES, uploadForm, useTestServer } from '../../test/harness';

/** rclone (Debian package `rclone`): `.ci/run` installs it; a machine without it skips these. */
const HAS_RCLONE = spawnSync('rclone', ['version']).error === undefined;
const run = promisify(execFile);

/** A small tree: nested folders, an empty one, names with spaces and CJK, sizes up to 300 KB. */
function writeTree(root: string) {
  mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
  mkdirSync(path.join(root, 'empty'));
  for (const size of [0, 1, 100_000, 300_000]) {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31 + size) % 251;
    writeFileSync(path.join(root, 'a', `f${size}.bin`), bytes);
  }
  writeFileSync(path.join(root, 'a', 'b', 'note.txt'), 'deep\n');
  writeFileSync(path.join(root, '名前 with space.txt'), 'ünïcode\n');
  // Times far from now, so that a storage's own stamp can never pass for the client's.
  const past = new Date('2020-02-02T02:02:02Z');
  for (const file of ['a/f0.bin', 'a/f1.bin', 'a/f100000.bin', 'a/f300000.bin', 'a/b/note.txt']) {
    utimesSync(path.join(root, file), past, past);
  }
}

/** rclone against the WebDAV at `url` as the admin, its config kept in `work`. */
async function rcloneAt(url: string, vendor: string, work: string) {
  const { stdout: obscured } = await run('rclone', ['obscure', ADMIN.password]);
  const env = {
    ...process.env,
    RCLONE_CONFIG: path.join(work, 'rclone.conf'),
    RCLONE_WEBDAV_URL: url,
    RCLONE_WEBDAV_VENDOR: vendor,
    RCLONE_WEBDAV_USER: ADMIN.username,
    RCLONE_WEBDAV_PASS: obscured.trim(),
  };
  return (...args: string[]) => run('rclone', args, { env });
}

/** Every folder and file below `root`, files with their bytes. */
function snapshot(root: string, relative = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(path.join(root, relative)).sort()) {
    const item = path.join(relative, name);
    if (statSync(path.join(root, item)).isDirectory()) {
      found[`${item}/`] = '';
      Object.assign(found, snapshot(root, item));
    } else {
      found[item] = readFileSync(path.join(root, item)).toString('base64');
    }
  }
  return found;
}

describe.runIf(HAS_RCLONE).each(ENGINES)('rclone against WebDAV on %s', (engine) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();

  // `owncloud` makes rclone send X-OC-Mtime and compare modification times (on S3, which
  // stamps its own times, that needs the kept time); `other` compares sizes only.
  it.each([
    ['other', 'local'],
    ['owncloud', 's3'],
  ] as const)(
    'syncs a tree in and back byte for byte as vendor %s over %s storage; a second sync moves nothing',
    async (vendor, driverKind) => {
      await adminWithDocsMount(t, driverKind, s3rver);
      const listening = await listenForClients(t.server);
      const work = mkdtempSync(path.join(tmpdir(), 'sharebin-rclone-'));
      const source = path.join(work, 'source');
      const back = path.join(work, 'back');
      mkdirSync(source);
      writeTree(source);
      const rclone = await rcloneAt(`${listening.url}/dav`, vendor, work);
      const remote = ':webdav:docs/tree';
      try {
        await rclone('sync', source, remote, '--create-empty-src-dirs');
        const again = await rclone('sync', source, remote, '--create-empty-src-dirs', '-v');
        expect(again.stderr).not.toMatch(/Copied|Deleted|Updated/);
        expect(again.stderr).toMatch(/Transferred:\s+0 B \/ 0 B/);
        await rclone('check', source, remote);
        if (vendor === 'owncloud') {
          const { stdout } = await rclone('lsjson', '--recursive', '--files-only', remote);
          const listed: { Path: string; ModTime: string }[] = JSON.parse(stdout);
          for (const file of listed) {
            const local = statSync(path.join(source, file.Path)).mtime;
            expect(Math.floor(Date.parse(file.ModTime) / 1000)).toBe(
              Math.floor(local.getTime() / 1000),
            );
          }
        }
        await rclone('sync', remote, back, '--create-empty-src-dirs');
        expect(snapshot(back)).toEqual(snapshot(source));
      } finally {
        await listening.close();
      }
    },
    120_000,
  );

  it("tells `rclone about` the storage's capacity, what it holds and what is left", async () => {
    const { admin, storage } = await adminWithDocsMount(t, 'local', s3rver);
    const capacity = await t.request(
      'PUT',
      `/api/s3-configs/${storage.id}`,
      { total_capacity_bytes: 1_000_000 },
      admin,
    );
    expect(capacity.status).toBe(200);
    const shared = await t.request(
      'POST',
      '/api/upload',
      uploadForm(Buffer.alloc(1234, 1), 'held.bin', { s3_config_id: storage.id }),
      admin,
    );
    expect(shared.status).toBe(201);
    const listening = await listenForClients(t.server);
    try {
      const work = mkdtempSync(path.join(tmpdir(), 'sharebin-rclone-'));
      // `rclone about` asks the root of the remote's URL.
      const rclone = await rcloneAt(`${listening.url}/dav/docs`, 'other', work);
      const { stdout } = await rclone('about', '--json', ':webdav:');
      expect(JSON.parse(stdout)).toEqual({ total: 1_000_000, used: 1234, free: 998_766 });
    } finally {
      await listening.close();
    }
  }, 60_000);

  it('gives rclone the MD5 and SHA-1 of files it wrote, so that `rclone check` compares hashes', async () => {
    await adminWithDocsMount(t, 'local', s3rver);
    const listening = await listenForClients(t.server);
    try {
      const work = mkdtempSync(path.join(tmpdir(), 'sharebin-rclone-'));
      const source = path.join(work, 'source');
      mkdirSync(source);
      writeTree(source);
      const rclone = await rcloneAt(`${listening.url}/dav`, 'owncloud', work);
      const remote = ':webdav:docs/hashed';
      await rclone('copy', source, remote);
      const local = await run('rclone', ['md5sum', source]);
      const served = await rclone('md5sum', remote);
      const sorted = (listing: string) => listing.trim().split('\n').sort();
      expect(sorted(served.stdout)).toEqual(sorted(local.stdout));
      expect(sorted((await rclone('sha1sum', remote)).stdout)).toEqual(
        sorted((await run('rclone', ['sha1sum', source])).stdout),
      );
      const checked = await rclone('check', source, remote);
      expect(checked.stderr).not.toMatch(/hashes could not be checked/);
      expect(checked.stderr).toMatch(/0 differences found/);
      expect(checked.stderr).toMatch(/6 matching files/);
    } finally {
      await listening.close();
    }
  }, 60_000);
});
