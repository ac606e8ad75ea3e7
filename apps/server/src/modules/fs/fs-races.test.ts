import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { fsClient } from '../../test/fs-client';
import { adminWithLocalDocsMount } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';

describe.each(ENGINES)('concurrent writes to one folder, on %s', (engine) => {
  const t = useTestServer(engine, { logger: pino({ level: 'error' }) });
  let admin: RequestOptions;
  const fs = () =>
    fsClient(
      () => t.server,
      () => admin,
    );

  beforeEach(async () => {
    ({ admin } = await adminWithLocalDocsMount(t));
  });

  it('ends every race of mkdir, update, remove and batch-remove in success, 404 or 409, never 500', async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let round = 0; round < 8; round++) {
      const calls = Array.from({ length: 60 }, (_, i) => {
        const folder = `/docs/race/f${i % 3}`;
        switch (i % 5) {
          case 0:
            return fs().request('POST', '/api/admin/fs/mkdir', { path: `${folder}/sub/a/b/c` });
          case 1:
            return fs().request('POST', '/api/admin/fs/update', {
              path: `${folder}/sub/n${i % 2}.txt`,
              content: `${round}`,
            });
          case 2:
            return fs().request('POST', '/api/admin/fs/batch-remove', {
              paths: [folder, '/docs/race'],
            });
          case 3:
            return fs().request('DELETE', `/api/admin/fs/remove?path=${folder}/sub`);
          default:
            return fs().request('POST', '/api/admin/fs/mkdir', { path: folder });
        }
      });
      for (const answer of await Promise.all(calls)) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(JSON.stringify(answer.body));
        const failed = (answer.body?.data as { failed?: { error: string }[] } | null)?.failed;
        for (const item of failed ?? []) {
          if (item.error === 'internal.error') failures.push(JSON.stringify(item));
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((status) => [200, 201, 404, 409].includes(status))).toBe(
      true,
    );
  });
});
