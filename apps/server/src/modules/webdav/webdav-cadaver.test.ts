import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenForClients } from '../../test/dav-kit';
import { adminWithDocsMount, useS3rver } from '../../test/fs-kit';
import { ADMIN, useTestServer } from '../../test/harness';

/** cadaver (Debian package `cadaver`): `.ci/run` installs it; a machine without it skips this. */
const HAS_CADAVER = spawnSync('cadaver', ['--version']).error === undefined;

/** Feeds `commands` to cadaver at `url`, signed in through a .netrc in a home of its own. */
function cadaver(url: string, commands: string[]): Promise<string> {
  const home = mkdtempSync(path.join(tmpdir(), 'sharebin-cadaver-'));
  const host = new URL(url).hostname;
  writeFileSync(
    path.join(home, '.netrc'),
    `machine ${host}\nlogin ${ADMIN.username}\npassword ${ADMIN.password}\n`,
    { mode: 0o600 },
  );
  return new Promise((resolve) => {
    const child = spawn('cadaver', [url], { env: { ...process.env, HOME: home }, cwd: home });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', () => resolve(output));
    child.stdin.end(`${commands.join('\n')}\nquit\n`);
  });
}

describe.runIf(HAS_CADAVER)('cadaver against WebDAV', () => {
  const t = useTestServer('sqlite');
  const s3rver = useS3rver();

  it('runs a scripted session: folders, upload, copy, move, properties, locks, download, delete', async () => {
    await adminWithDocsMount(t, 'local', s3rver);
    const listening = await listenForClients(t.server);
    const work = mkdtempSync(path.join(tmpdir(), 'sharebin-cadaver-files-'));
    const upload = path.join(work, 'up.txt');
    const download = path.join(work, 'down.txt');
    writeFileSync(upload, 'from cadaver\n');
    try {
      const output = await cadaver(`${listening.url}/dav/docs/`, [
        'mkcol session',
        'cd session',
        `put ${upload} one.txt`,
        'copy one.txt two.txt',
        'move two.txt three.txt',
        'propset one.txt color blue',
        'propget one.txt color',
        'lock one.txt',
        'unlock one.txt',
        `get three.txt ${download}`,
        'ls',
        'delete one.txt',
        'delete three.txt',
        'cd ..',
        'rmcol session',
      ]);
      expect(output, output).not.toMatch(/failed/i);
      expect(output.match(/succeeded/g), output).toHaveLength(12);
      expect(output).toContain('Value of color is: blue');
      expect(readFileSync(download, 'utf8')).toBe('from cadaver\n');
    } finally {
      await listening.close();
    }
  }, 60_000);

  it('lists a folder with its own date, as the storage keeps it', async () => {
    const admin = { token: await t.loginAsAdmin() };
    const hostFolder = mkdtempSync(path.join(tmpdir(), 'sharebin-cadaver-host-'));
    // Noon UTC: the same day in every time zone cadaver may print it in.
    const folderTime = new Date('2020-02-02T12:00:00Z');
    mkdirSync(path.join(hostFolder, 'old'));
    writeFileSync(path.join(hostFolder, 'old', 'inside.txt'), 'x');
    utimesSync(path.join(hostFolder, 'old'), folderTime, folderTime);
    const storage = await t.request<{ id: string }>(
      'POST',
      '/api/s3-configs',
      { name: 'host', storage_type: 'local', root_path: hostFolder },
      admin,
    );
    expect(storage.status).toBe(201);
    const mount = await t.request(
      'POST',
      '/api/admin/mounts',
      {
        name: 'host',
        storage_type: 'local',
        storage_config_id: storage.body.data.id,
        mount_path: '/host',
      },
      admin,
    );
    expect(mount.status).toBe(201);
    const listening = await listenForClients(t.server);
    try {
      const output = await cadaver(`${listening.url}/dav/host/`, ['ls']);
      // Older than six months: cadaver prints the year instead of the time.
      expect(output, output).toMatch(/Coll:\s+old\s+\d+\s+Feb\s+2\s+2020/);
    } finally {
      await listening.close();
    }
  }, 60_000);
});
