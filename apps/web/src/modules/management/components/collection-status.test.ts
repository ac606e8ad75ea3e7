import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CollectionStatus, LoadFailed } from './CollectionStatus';

const idle = { isPending: false, isError: false, error: null, refetch: async () => ({}) as never };
const lists = { isEmpty: false, empty: 'empty', children: 'rows' };

describe('CollectionStatus', () => {
  it('shows a list’s own placeholder and error in place of the kit’s', () => {
    const show = (query: Partial<typeof idle>) =>
      CollectionStatus({
        ...lists,
        loading: 'loading',
        failed: 'failed',
        query: { ...idle, ...query },
      });
    expect(show({ isPending: true })).toBe('loading');
    expect(show({ isError: true })).toBe('failed');
    expect(show({})).toBe('rows');
  });

  it('keeps the kit’s grey rows and titled error when the list brings none', () => {
    const show = (query: Partial<typeof idle>) =>
      CollectionStatus({
        ...lists,
        errorTitle: 'Failed',
        query: { ...idle, ...query },
      }) as ReactElement;
    expect(show({ isPending: true }).props).toEqual({ rows: 4, height: 44 });
    const failed = show({ isError: true });
    expect(failed.type).toBe(LoadFailed);
    expect(failed.props).toMatchObject({ title: 'Failed' });
  });
});
