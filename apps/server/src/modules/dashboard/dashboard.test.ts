import type {
  CreatedApiKey,
  DashboardStats,
  FileShare,
  Paste,
  StorageConfig,
} from '@sharebin/shared';
import { dashboardStatsSchema } from '@sharebin/shared';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { createActivityRecorder } from './activity.recorder';
import { createActivityRepository } from './activity.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(ENGINES)('dashboard stats on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  async function stats(tz?: string, options: RequestOptions = admin) {
    const query = tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`;
    return t.request<DashboardStats>(
      'GET',
      `/api/admin/dashboard/stats${query}`,
      undefined,
      options,
    );
  }
  async function statsOk(tz?: string): Promise<DashboardStats> {
    const response = await stats(tz);
    expect(response.status).toBe(200);
    // The web reads the answer through the same schema.
    return dashboardStatsSchema.parse(response.body.data);
  }
  const paste = async (body: Record<string, unknown> = {}) => {
    const response = await t.request<Paste>(
      'POST',
      '/api/paste',
      { content: 'hello', ...body },
      admin,
    );
    expect(response.status).toBe(201);
    return response.body.data;
  };
  const upload = async (bytes: number, slug?: string) => {
    const response = await t.request<FileShare>(
      'POST',
      '/api/upload',
      uploadForm(Buffer.alloc(bytes, 7), 'f.bin', slug ? { slug } : {}),
      admin,
    );
    expect(response.status).toBe(201);
    return response.body.data;
  };
  /** What a full count finds, to hold the trigger-kept totals against. */
  async function scanned() {
    const pastes = await t.db
      .selectFrom('pastes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const shares = await t.db
      .selectFrom('file_shares')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('size').as('bytes')])
      .where('status', '=', 'live')
      .executeTakeFirstOrThrow();
    return { pastes: Number(pastes.n), files: Number(shares.n), bytes: Number(shares.bytes ?? 0) };
  }

  it('counts pastes, file shares, keys and storages, and each storage’s use', async () => {
    const empty = await statsOk();
    expect(empty.counts).toEqual({ pastes: 0, file_shares: 0, api_keys: 0, storage_configs: 1 });
    expect(empty.storage).toEqual([
      {
        id: storage.id,
        name: storage.name,
        storage_type: 'local',
        is_default: true,
        files: 0,
        used_bytes: 0,
        capacity_bytes: null,
      },
    ]);
    expect(empty.activity).toHaveLength(7);
    expect(empty.caches.map((cache) => [cache.name, cache.hit_rate])).toEqual([
      ['directories', null],
      ['storage-urls', null],
      ['search', null],
    ]);
    expect(empty.jobs).toEqual({ pending: 0, running: 0, oldest_pending_at: null });

    await paste();
    await paste();
    await paste();
    await upload(1000);
    await upload(2500);
    await t.request<CreatedApiKey>('POST', '/api/admin/api-keys', { name: 'k' }, admin);
    await t.request(
      'PUT',
      `/api/s3-configs/${storage.id}`,
      { total_capacity_bytes: 1_000_000 },
      admin,
    );

    const filled = await statsOk();
    expect(filled.counts).toEqual({ pastes: 3, file_shares: 2, api_keys: 1, storage_configs: 1 });
    expect(filled.storage[0]).toMatchObject({
      files: 2,
      used_bytes: 3500,
      capacity_bytes: 1_000_000,
    });
    // The storage list reads the same totals.
    const listed = await t.request<StorageConfig[]>('GET', '/api/s3-configs', undefined, admin);
    expect(listed.body.data[0]).toMatchObject({ used_bytes: 3500 });
  });

  it('sums seven days of activity by the days of the time zone asked for', async () => {
    // 21:30 UTC on 1 June: 23:30 in Berlin.
    t.clock.advance(Date.parse('2026-06-01T21:30:00Z') - t.clock.now());
    const first = await paste();
    await t.request('GET', `/api/paste/${first.slug}`);
    // Eight days earlier: outside the seven days shown.
    t.clock.advance(-8 * DAY);
    await paste();
    t.clock.advance(8 * DAY);
    // 22:30 UTC: 00:30 on 2 June in Berlin, still 1 June in UTC.
    t.clock.advance(HOUR);
    await paste();
    const file = await upload(4096, 'dl');
    const content = await t.server.app.request(`/api/public/files/${file.slug}/content?download=1`);
    expect((await content.arrayBuffer()).byteLength).toBe(4096);

    const berlin = await statsOk('Europe/Berlin');
    expect(berlin.time_zone).toBe('Europe/Berlin');
    expect(berlin.activity.map((day) => day.date)).toEqual([
      '2026-05-27',
      '2026-05-28',
      '2026-05-29',
      '2026-05-30',
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
    ]);
    const [june1, june2] = berlin.activity.slice(5);
    expect(june1).toMatchObject({ pastes_created: 1, views: 1, files_created: 0 });
    expect(june2).toMatchObject({
      pastes_created: 1,
      files_created: 1,
      uploads: 1,
      bytes_in: 4096,
      views: 1,
      bytes_out: 4096,
    });
    const earlier = berlin.activity.slice(0, 5);
    expect(earlier.every((day) => day.pastes_created === 0 && day.views === 0)).toBe(true);

    const utc = await statsOk();
    expect(utc.time_zone).toBe('UTC');
    expect(utc.activity.at(-1)).toMatchObject({
      date: '2026-06-01',
      pastes_created: 2,
      views: 2,
      bytes_out: 4096,
    });

    // Kathmandu (+5:45): 21:30 and 22:30 UTC are 03:15 and 04:15 on 2 June.
    const kathmandu = await statsOk('Asia/Kathmandu');
    expect(kathmandu.activity.at(-1)).toMatchObject({ date: '2026-06-02', pastes_created: 2 });
  });

  it('combines the caches’ hits and misses into seven-day rates', async () => {
    const directories = t.server.caches.cache<string>('directories');
    await directories.getOrLoad('/a', 60_000, async () => 'x');
    await directories.getOrLoad('/a', 60_000, async () => 'x');
    await directories.getOrLoad('/a', 60_000, async () => 'x');
    await directories.getOrLoad('/a', 60_000, async () => 'x');
    const once = await statsOk();
    expect(once.caches[0]).toEqual({ name: 'directories', hits: 3, misses: 1, hit_rate: 0.75 });
    // Asked again, the same lookups are not counted twice.
    const again = await statsOk();
    expect(again.caches[0]).toEqual({ name: 'directories', hits: 3, misses: 1, hit_rate: 0.75 });
  });

  it('shows the job queue: waiting, running and the oldest waiting job', async () => {
    // Queued a minute apart; the worker is not started, so they wait until told otherwise.
    const enqueue = () => t.server.jobs.useCases.enqueue('copy', 'system', {});
    const first = await enqueue();
    t.clock.advance(60_000);
    const queued = t.clock.now();
    await enqueue();
    t.clock.advance(60_000);
    await enqueue();
    await t.db.updateTable('jobs').set({ status: 'running' }).where('id', '=', first).execute();
    expect((await statsOk()).jobs).toEqual({
      pending: 2,
      running: 1,
      oldest_pending_at: new Date(queued).toISOString(),
    });
  });

  it('answers the admin only, and refuses an unknown time zone', async () => {
    const key = await t.request<CreatedApiKey>(
      'POST',
      '/api/admin/api-keys',
      { name: 'all', text_permission: true, file_permission: true, mount_permission: true },
      admin,
    );
    const byKey = await stats(undefined, { apiKey: key.body.data.key });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe(403);

    const anonymous = await stats(undefined, {});
    expect(anonymous.status).toBe(401);

    const bad = await stats('Mars/Olympus_Mons');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, error: 'validation.failed' });
    expect(bad.body.message).toContain('Unknown time zone');
  });

  it('keeps the counts exact through batch deletes and the expiry clean-up', async () => {
    const kept = await paste();
    const doomed = [await paste(), await paste(), await paste()];
    await paste({ expires_in: '1h' });
    await paste({ expires_in: '1h' });
    const files = [await upload(100), await upload(200), await upload(300)];
    const expiring = await upload(400);
    await t.db
      .updateTable('file_shares')
      .set({ expires_at: t.clock.now() + HOUR })
      .where('id', '=', expiring.id)
      .execute();

    const batch = await t.request(
      'POST',
      '/api/admin/pastes/batch-delete',
      { ids: doomed.map((p) => p.id) },
      admin,
    );
    expect(batch.status).toBe(200);
    const filesBatch = await t.request(
      'POST',
      '/api/admin/files/batch-delete',
      { ids: [files[0]?.id, files[1]?.id] },
      admin,
    );
    expect(filesBatch.status).toBe(200);
    t.clock.advance(2 * HOUR);
    const cleaned = await t.server.housekeeping();
    expect(cleaned.pastes).toBe(2);
    expect(cleaned.files).toBe(1);

    const after = await statsOk();
    expect(await scanned()).toEqual({ pastes: 1, files: 1, bytes: 300 });
    expect(after.counts).toMatchObject({ pastes: 1, file_shares: 1 });
    expect(after.storage[0]).toMatchObject({ files: 1, used_bytes: 300 });
    expect(kept.slug).toBeTruthy();
  });

  it('adds up what two instances flushed, and prunes buckets after 30 days', async () => {
    const repository = createActivityRepository({ db: t.db, engine });
    const logger = pino({ level: 'silent' });
    const one = createActivityRecorder({ repository, clock: t.clock, logger });
    const two = createActivityRecorder({ repository, clock: t.clock, logger });
    one.record('views', 2);
    two.record('views', 3);
    one.record('bytes_out', 10);
    await Promise.all([one.flush(), two.flush()]);
    two.record('views');
    await two.flush();
    // Flushing with nothing new adds nothing.
    await one.flush();
    expect((await statsOk()).activity.at(-1)).toMatchObject({ views: 6, bytes_out: 10 });

    t.clock.advance(31 * DAY);
    const cleaned = await t.server.housekeeping();
    expect(cleaned.activityBuckets).toBe(2);
    const left = await t.db.selectFrom('activity_buckets').selectAll().execute();
    expect(left).toEqual([]);
  });
});
