import { describe, expect, it } from 'vitest';
import { acceptsMore } from '../upload-request.limits';
import { choosableAllowance } from './resumable-places';

const none = { files: 0, bytes: 0 };

describe('a request whose last place a file still arriving holds', () => {
  it('lets the visitor choose a file again, to resume it', () => {
    const allowance = choosableAllowance({
      slug: 'x',
      requires_password: false,
      remaining_files: 0,
      remaining_bytes: 0,
      files_in_progress: 1,
      bytes_in_progress: 4096,
    });
    expect(allowance).toMatchObject({ remainingFiles: 1, remainingBytes: 4096 });
    expect(acceptsMore(allowance, none)).toBe(true);
    expect(acceptsMore(allowance, { files: 1, bytes: 4096 })).toBe(false);
  });

  it('is full when nothing is arriving, and unlimited stays unlimited', () => {
    const full = choosableAllowance({
      slug: 'x',
      requires_password: false,
      remaining_files: 0,
      remaining_bytes: null,
      files_in_progress: 0,
      bytes_in_progress: 0,
    });
    expect(acceptsMore(full, none)).toBe(false);
    const open = choosableAllowance({ slug: 'x', requires_password: false, files_in_progress: 2 });
    expect(open).toMatchObject({ remainingFiles: null, remainingBytes: null });
  });
});
