import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { adminWithLocalDocsMount, putInto } from '../../../test/fs-kit';
import { type RequestOptions, useTestServer } from '../../../test/harness';
import { useRealSocket } from '../../../test/real-socket';
import { THUMBNAIL_MAX_WAITING } from './fs-thumbnails.usecases';

const METRICS_TOKEN = 'metrics-token-thumbnail-queue';
const work = mkdtempSync(path.join(tmpdir(), 'sharebin-thumb-hangup-'));
const runs = path.join(work, 'runs.log');
const release = path.join(work, 'release');

/**
 * A stand-in for ffmpeg that notes each run and holds the tool queue until the test lets it go
 * (the tools get no environment: the paths are written into the script). It then answers no
 * picture, so each poster is one run.
 */
const fakeFfmpeg = path.join(work, 'ffmpeg');
writeFileSync(
  fakeFfmpeg,
  `#!/bin/sh\necho run >> '${runs}'\nwhile [ ! -e '${release}' ]; do sleep 0.05; done\necho not-a-png\n`,
);
chmodSync(fakeFfmpeg, 0o755);
const runCount = () => (existsSync(runs) ? readFileSync(runs, 'utf8').split('\n').length - 1 : 0);

/**
 * Thumbnails whose callers hang up, over a real socket: a picture nobody waits for any more
 * leaves the queue (it is never made), and the queue's load is in the metrics.
 */
describe('a thumbnail whose client hangs up while it waits its turn', () => {
  const t = useTestServer('sqlite', {
    dataDir: mkdtempSync(path.join(work, 'data-')),
    thumbnailTools: { ffmpeg: fakeFfmpeg, pdftoppm: 'off' },
    metricsToken: METRICS_TOKEN,
  });
  const served = useRealSocket(t);
  let admin: RequestOptions;

  beforeEach(async () => {
    rmSync(release, { force: true });
    rmSync(runs, { force: true });
    ({ admin } = await adminWithLocalDocsMount(t));
  });
  // A stand-in still holding the queue lets go, so that the server can stop.
  afterEach(() => writeFileSync(release, ''));

  /** Asks for a poster over its own connection: its answer's status, and a way to hang up. */
  function askPoster(name: string) {
    const request = http.get({
      host: '127.0.0.1',
      port: served.port,
      path: `/api/admin/fs/thumbnail?path=${encodeURIComponent(`/docs/${name}`)}&size=128`,
      headers: { authorization: `Bearer ${admin.token}` },
      agent: false,
    });
    request.on('error', () => {}); // the hang-up is ours
    const status = new Promise<number>((resolve) =>
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }),
    );
    return { status, hangUp: () => request.destroy() };
  }

  /** The tool queue's samples in /metrics: `{ running, waiting }`. */
  async function toolQueue() {
    const response = await t.server.app.request('/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    const sample = (status: string) =>
      Number(
        text.match(
          new RegExp(
            `^sharebin_thumbnails_queued\\{queue="tool",status="${status}"\\} (\\d+)$`,
            'm',
          ),
        )?.[1] ?? Number.NaN,
      );
    return { running: sample('running'), waiting: sample('waiting') };
  }

  it('is never made, while the picture being made goes on and is answered', async () => {
    for (const name of ['first.mp4', 'second.mp4']) {
      await putInto(t, admin, '/docs', name, Buffer.from(`not really a video: ${name}`));
    }
    const first = askPoster('first.mp4');
    await eventually(() => expect(runCount()).toBe(1));
    const second = askPoster('second.mp4');
    await eventually(async () => expect(await toolQueue()).toEqual({ running: 1, waiting: 1 }));

    second.hangUp();
    await eventually(async () => expect(await toolQueue()).toEqual({ running: 1, waiting: 0 }));
    writeFileSync(release, '');
    // The first poster's run ends (its output is no picture: 422); the second never ran.
    expect(await first.status).toBe(422);
    await eventually(async () => expect(await toolQueue()).toEqual({ running: 0, waiting: 0 }));
    expect(runCount()).toBe(1);

    // Asked for again, the second is made as any other.
    expect(await askPoster('second.mp4').status).toBe(422);
    expect(runCount()).toBe(2);
  });

  it('answers busy past the waiting list of videos, with Retry-After, and takes it once there is room', async () => {
    const names = Array.from({ length: THUMBNAIL_MAX_WAITING.tool + 2 }, (_, n) => `v${n}.mp4`);
    for (const name of names) await putInto(t, admin, '/docs', name, Buffer.from(name));
    const ask = (name: string) =>
      t.request('GET', `/api/admin/fs/thumbnail?path=/docs/${name}&size=128`, undefined, admin);
    const held = names.slice(0, -1).map(ask);
    await eventually(async () =>
      expect(await toolQueue()).toEqual({ running: 1, waiting: THUMBNAIL_MAX_WAITING.tool }),
    );
    const refused = await ask(names.at(-1) as string);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: 'fs.thumbnail_busy' });
    expect(refused.headers.get('retry-after')).toBe('5');

    writeFileSync(release, '');
    expect(new Set((await Promise.all(held)).map((answer) => answer.status))).toEqual(
      new Set([422]),
    );
    expect((await ask(names.at(-1) as string)).status).toBe(422);
  });
});
