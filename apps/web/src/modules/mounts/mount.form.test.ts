import {
  createMountRequestSchema,
  ERROR_CODES,
  type Mount,
  type StorageChoice,
} from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { schemaFieldErrors, serverFieldErrors } from '../management';
import {
  emptyMountForm,
  MOUNT_CODE_FIELDS,
  MOUNT_FORM_FIELDS,
  type MountFormValues,
  mountCandidate,
  mountChanges,
  mountFormFrom,
  mountIssueMessage,
  reindexChoiceOf,
  reindexInterval,
} from './mount.form';

const storage = (over: Partial<StorageChoice>): StorageChoice => ({
  id: 's1',
  name: 'Disk',
  storage_type: 'local',
  provider: null,
  is_default: false,
  total_capacity_bytes: null,
  used_bytes: 0,
  ...over,
});
const storages = [
  storage({ id: 's1' }),
  storage({ id: 's2', storage_type: 's3', is_default: true }),
];

const mount: Mount = {
  id: 'm1',
  name: 'Docs',
  storage_type: 'local',
  storage_config_id: 's1',
  mount_path: '/docs',
  remark: '',
  sort_order: 0,
  cache_ttl: 300,
  is_active: true,
  created_by: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_refreshed_at: null,
  reindex_minutes: null,
};

/** The form's messages as keys, so the test reads the mapping rather than the wording. */
const errorsOf = (values: MountFormValues) =>
  schemaFieldErrors(
    createMountRequestSchema,
    mountCandidate(values, storages),
    MOUNT_FORM_FIELDS,
    (field, issue) => mountIssueMessage(field, issue, values.mountPath),
  );

const valid = (over: Partial<MountFormValues> = {}): MountFormValues => ({
  ...emptyMountForm(storages),
  name: 'Docs',
  mountPath: '/docs',
  ...over,
});

describe('the mount form', () => {
  it('starts on the default storage with SPEC’s 300 s cache and active', () => {
    expect(emptyMountForm(storages)).toMatchObject({
      storageConfigId: 's2',
      cacheTtl: 300,
      sortOrder: 0,
      isActive: true,
      reindexEvery: 'off',
    });
    expect(mountCandidate(valid(), storages).reindex_minutes).toBeNull();
    expect(emptyMountForm([]).storageConfigId).toBe('');
  });

  it('accepts a valid mount and sets the storage type from the storage', () => {
    expect(errorsOf(valid())).toEqual({});
    expect(mountCandidate(valid({ storageConfigId: 's1' }), storages).storage_type).toBe('local');
    expect(mountCandidate(valid(), storages).storage_type).toBe('s3');
    expect(errorsOf(valid({ mountPath: '/团队/报告_1-a/' }))).toEqual({});
  });

  it('puts each SPEC §5 rule on its field', () => {
    expect(errorsOf(valid({ name: '  ' }))).toEqual({ name: 'nameRequired' });
    expect(errorsOf(valid({ name: 'x'.repeat(51) })).name).toBeTruthy();
    expect(errorsOf(valid({ name: 'x'.repeat(51) })).name).not.toBe('nameRequired');
    expect(errorsOf(valid({ mountPath: '' }))).toEqual({ mountPath: 'pathRequired' });
    expect(errorsOf(valid({ mountPath: 'docs' }))).toEqual({ mountPath: 'pathPattern' });
    expect(errorsOf(valid({ mountPath: '/a b' }))).toEqual({ mountPath: 'pathPattern' });
    expect(errorsOf(valid({ mountPath: '/API/x' }))).toEqual({ mountPath: 'pathReserved' });
    expect(errorsOf(valid({ storageConfigId: '' }))).toEqual({ storage: 'storageRequired' });
    expect(errorsOf(valid({ storageConfigId: 'gone' }))).toEqual({ storage: 'storageRequired' });
    expect(errorsOf(valid({ cacheTtl: 86_401 }))).toEqual({ cacheTtl: 'cacheTtlRange' });
    expect(errorsOf(valid({ cacheTtl: -1 }))).toEqual({ cacheTtl: 'cacheTtlRange' });
    expect(errorsOf(valid({ cacheTtl: '1.5' }))).toEqual({ cacheTtl: 'wholeNumber' });
    expect(errorsOf(valid({ sortOrder: 'abc' }))).toEqual({ sortOrder: 'wholeNumber' });
  });

  it('lets an empty cache TTL and sort order take the defaults', () => {
    const parsed = createMountRequestSchema.parse(
      mountCandidate(valid({ cacheTtl: '', sortOrder: '' }), storages),
    );
    expect(parsed).toMatchObject({ cache_ttl: 300, sort_order: 0 });
  });

  it('sends only what changed, the storage with its type', () => {
    expect(mountChanges(mountFormFrom(mount), mount, storages)).toEqual({});
    expect(
      mountChanges(
        { ...mountFormFrom(mount), mountPath: '/docs/', name: ' Handbook ', sortOrder: '3' },
        mount,
        storages,
      ),
    ).toEqual({ name: 'Handbook', sort_order: 3 });
    expect(
      mountChanges(
        { ...mountFormFrom(mount), storageConfigId: 's2', isActive: false, cacheTtl: 0 },
        mount,
        storages,
      ),
    ).toEqual({ storage_config_id: 's2', storage_type: 's3', is_active: false, cache_ttl: 0 });
  });

  it('sends the index rebuild interval: off, a preset or custom minutes', () => {
    const candidate = (over: Partial<MountFormValues>) =>
      createMountRequestSchema.parse(mountCandidate(valid(over), storages)).reindex_minutes;
    expect(candidate({ reindexEvery: 'off', reindexMinutes: 45 })).toBeNull();
    expect(candidate({ reindexEvery: '30', reindexMinutes: 45 })).toBe(30);
    expect(candidate({ reindexEvery: 'custom', reindexMinutes: '45' })).toBe(45);
    expect(candidate({ reindexEvery: 'custom', reindexMinutes: 10_080 })).toBe(10_080);
  });

  it('puts a custom interval outside 15 to 10080 minutes on its field, worded like the TTL', () => {
    const custom = (reindexMinutes: string | number) =>
      errorsOf(valid({ reindexEvery: 'custom', reindexMinutes }));
    expect(custom(14)).toEqual({ reindexMinutes: 'reindexRange' });
    expect(custom(10_081)).toEqual({ reindexMinutes: 'reindexRange' });
    expect(custom('20.5')).toEqual({ reindexMinutes: 'wholeNumber' });
    // An emptied custom interval is refused, never sent as "off".
    expect(custom('')).toEqual({ reindexMinutes: 'wholeNumber' });
    expect(custom(15)).toEqual({});
  });

  it('reopens a stored interval on its preset, or as custom minutes', () => {
    expect(reindexChoiceOf(null)).toBe('off');
    expect(reindexChoiceOf(60)).toBe('60');
    expect(reindexChoiceOf(45)).toBe('custom');
    expect(mountFormFrom({ ...mount, reindex_minutes: 45 })).toMatchObject({
      reindexEvery: 'custom',
      reindexMinutes: 45,
    });
    expect(mountFormFrom(mount)).toMatchObject({ reindexEvery: 'off', reindexMinutes: '' });
  });

  it('sends the interval only when it changed, null to turn it off', () => {
    const every30 = { ...mount, reindex_minutes: 30 };
    expect(mountChanges(mountFormFrom(every30), every30, storages)).toEqual({});
    expect(mountChanges({ ...mountFormFrom(mount), reindexEvery: '30' }, mount, storages)).toEqual({
      reindex_minutes: 30,
    });
    expect(
      mountChanges({ ...mountFormFrom(every30), reindexEvery: 'off' }, every30, storages),
    ).toEqual({ reindex_minutes: null });
    expect(
      mountChanges(
        { ...mountFormFrom(every30), reindexEvery: 'custom', reindexMinutes: 90 },
        every30,
        storages,
      ),
    ).toEqual({ reindex_minutes: 90 });
  });

  it('words an interval in the largest whole unit', () => {
    expect(reindexInterval(15)).toEqual({ key: 'everyMinutes', count: 15 });
    expect(reindexInterval(90)).toEqual({ key: 'everyMinutes', count: 90 });
    expect(reindexInterval(60)).toEqual({ key: 'everyHour', count: 1 });
    expect(reindexInterval(360)).toEqual({ key: 'everyHours', count: 6 });
    expect(reindexInterval(1440)).toEqual({ key: 'everyDay', count: 1 });
    expect(reindexInterval(10_080)).toEqual({ key: 'everyDays', count: 7 });
  });

  it('shows a taken path under the path and a wrong storage under the storage', () => {
    const taken = new ApiError({
      status: 409,
      code: ERROR_CODES.mountPathTaken,
      message: 'taken',
      details: { mount_path: '/docs' },
    });
    expect(serverFieldErrors(taken, MOUNT_FORM_FIELDS, MOUNT_CODE_FIELDS, 'en-US')).toEqual({
      mountPath: 'Another mount already uses the path /docs',
    });
    expect(serverFieldErrors(taken, MOUNT_FORM_FIELDS, MOUNT_CODE_FIELDS, 'zh-CN')).toEqual({
      mountPath: '路径 /docs 已被其他挂载点使用',
    });
    const missing = new ApiError({
      status: 404,
      code: ERROR_CODES.storageConfigNotFound,
      message: 'gone',
    });
    expect(Object.keys(serverFieldErrors(missing, MOUNT_FORM_FIELDS, MOUNT_CODE_FIELDS))).toEqual([
      'storage',
    ]);
  });
});
