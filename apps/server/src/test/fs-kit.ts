import type { Mount, StorageConfig } from '@sharebin/shared';
import { afterAll, beforeAll, vi } from 'vitest';
import { expectData, fsClient } from './fs-client';
import { ENGINES, type RequestOptions, uploadForm, type useTestServer } from './harness';
import { type S3rverInstance, startS3rver } from './s3rver';

/** The data of an answer with the expected status, or an error that shows what came instead. */
export const ok = expectData;

/** An API key with mount permission and `fields` (base path, read-only), made by the admin. */
export const fsKeyWith = (
  t: ReturnType<typeof useTestServer>,
  admin: RequestOptions,
  fields: Record<string, unknown>,
): Promise<RequestOptions> =>
  fsClient(
    () => t.server,
    () => admin,
  ).keyWith(fields);

/** Every database engine with each storage driver: `describe.each(ENGINE_DRIVER_CASES)`. */
export const ENGINE_DRIVER_CASES = ENGINES.flatMap((engine) =>
  (['local', 's3'] as const).map((driver) => [engine, driver] as const),
);

/**
 * s3rver for the file's tests, started once before them and stopped after; answers a getter.
 * Each test migrates a fresh database and may start S3 uploads: on a loaded machine with
 * PostgreSQL that setup alone can pass the 10 s hook default.
 */
export function useS3rver(): () => S3rverInstance {
  vi.setConfig({ hookTimeout: 30_000 });
  let s3: S3rverInstance | undefined;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  return () => {
    if (!s3) throw new Error('s3rver has not started');
    return s3;
  };
}

/**
 * Signs the admin in and mounts a storage at `/docs`: the default local one, or a new one on
 * s3rver (in a folder of its own).
 */
export async function adminWithDocsMount(
  t: ReturnType<typeof useTestServer>,
  driverKind: 'local' | 's3',
  s3rver: () => S3rverInstance,
): Promise<{ admin: RequestOptions; storage: StorageConfig; docs: Mount }> {
  const admin = { token: await t.loginAsAdmin() };
  const storage =
    driverKind === 's3'
      ? await t.addS3Storage(admin, s3rver().storageFields)
      : (await t.signInWithLocalStorage()).storage;
  const docs = await expectData<Mount>(
    t.request(
      'POST',
      '/api/admin/mounts',
      {
        name: 'docs',
        storage_type: driverKind,
        storage_config_id: storage.id,
        mount_path: '/docs',
      },
      admin,
    ),
    201,
  );
  return { admin, storage, docs };
}

/** `adminWithDocsMount` on the default local storage, for tests that need no s3rver. */
export const adminWithLocalDocsMount = (t: ReturnType<typeof useTestServer>) =>
  adminWithDocsMount(t, 'local', () => {
    throw new Error('a local mount needs no s3rver');
  });

/** Uploads `bytes` as `name` into the mounted folder `folder` through the admin's fs API. */
export const putInto = (
  t: ReturnType<typeof useTestServer>,
  admin: RequestOptions,
  folder: string,
  name: string,
  bytes: Buffer,
  type = 'application/octet-stream',
) =>
  ok(
    t.request(
      'POST',
      '/api/admin/fs/upload',
      uploadForm(bytes, name, { path: folder }, type),
      admin,
    ),
    201,
  );
