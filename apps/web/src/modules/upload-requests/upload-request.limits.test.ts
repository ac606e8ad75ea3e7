import { ERROR_CODES } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import {
  type Allowance,
  acceptAttribute,
  acceptsMore,
  allowanceOf,
  endsTheRequest,
  isTypeAccepted,
  refusalOf,
  screenFiles,
} from './upload-request.limits';

const MB = 1024 ** 2;
const open: Allowance = {
  maxFileSize: 10 * MB,
  remainingFiles: null,
  remainingBytes: null,
  allowedTypes: [],
};
const file = (name: string, size: number, type = '') => ({ name, size, type });
const none = { files: 0, bytes: 0 };

describe('isTypeAccepted', () => {
  it('takes any type when the request names none', () => {
    expect(isTypeAccepted([], 'anything.exe', 'application/x-msdownload')).toBe(true);
  });

  it('matches extensions by the end of the name, whatever the case', () => {
    expect(isTypeAccepted(['.pdf'], 'Report.PDF', '')).toBe(true);
    expect(isTypeAccepted(['.pdf'], 'report.pdf.exe', '')).toBe(false);
    // A name that is only the extension is not a file of that type.
    expect(isTypeAccepted(['.pdf'], '.pdf', '')).toBe(false);
  });

  it('matches media types exactly and families by their prefix', () => {
    expect(isTypeAccepted(['application/pdf'], 'a.pdf', 'application/pdf')).toBe(true);
    expect(isTypeAccepted(['image/*'], 'a.png', 'image/png')).toBe(true);
    expect(isTypeAccepted(['image/*'], 'a.txt', 'text/plain')).toBe(false);
    expect(isTypeAccepted(['image/*', '.pdf'], 'b.pdf', 'application/pdf')).toBe(true);
  });
});

describe('acceptAttribute', () => {
  it('narrows the picker to the types, or not at all', () => {
    expect(acceptAttribute(['.pdf', 'image/*'])).toBe('.pdf,image/*');
    expect(acceptAttribute([])).toBeUndefined();
  });
});

describe('screenFiles', () => {
  it('refuses a file over the size per file and lets the others through', () => {
    const found = screenFiles([file('big.bin', 11 * MB), file('ok.bin', MB)], open, none);
    expect(found).toEqual([{ reason: 'tooLarge', limit: 10 * MB }, null]);
  });

  it('refuses a file of a type not accepted before its size', () => {
    const allowance = { ...open, allowedTypes: ['.pdf'] };
    expect(screenFiles([file('big.png', 11 * MB, 'image/png')], allowance, none)).toEqual([
      { reason: 'typeNotAllowed', allowed: ['.pdf'] },
    ]);
  });

  it('counts each admitted file against the files left, those already on their way first', () => {
    const allowance = { ...open, remainingFiles: 2 };
    const found = screenFiles([file('a', 1), file('too-big', 11 * MB), file('b', 1)], allowance, {
      files: 1,
      bytes: 1,
    });
    expect(found).toEqual([
      null,
      { reason: 'tooLarge', limit: 10 * MB },
      { reason: 'tooManyFiles', remaining: 2 },
    ]);
  });

  it('counts the bytes left, saying how many remain for the file refused', () => {
    const allowance = { ...open, remainingBytes: 3 * MB };
    const found = screenFiles(
      [file('a', 2 * MB), file('b', 2 * MB), file('c', MB)],
      allowance,
      none,
    );
    expect(found).toEqual([null, { reason: 'noRoom', remaining: MB }, null]);
  });
});

describe('acceptsMore', () => {
  it('is false once the files or the bytes are used up', () => {
    expect(acceptsMore(open, { files: 100, bytes: 10 * MB })).toBe(true);
    expect(acceptsMore({ ...open, remainingFiles: 2 }, { files: 2, bytes: 0 })).toBe(false);
    expect(acceptsMore({ ...open, remainingBytes: MB }, { files: 1, bytes: MB })).toBe(false);
  });
});

describe('allowanceOf', () => {
  it('reads a look-up, no limit where it gives none', () => {
    expect(
      allowanceOf({
        slug: 's',
        requires_password: false,
        max_file_size: 5,
        remaining_files: null,
        remaining_bytes: 7,
        allowed_types: ['.pdf'],
      }),
    ).toEqual({ maxFileSize: 5, remainingFiles: null, remainingBytes: 7, allowedTypes: ['.pdf'] });
  });
});

describe('refusalOf', () => {
  it('reads the server’s refusals of a file with their limits', () => {
    const allowance = { ...open, allowedTypes: ['.pdf'] };
    expect(
      refusalOf(ERROR_CODES.uploadRequestFileTooLarge, { name: 'a', limit: 5 }, allowance),
    ).toEqual({ reason: 'tooLarge', limit: 5 });
    expect(
      refusalOf(ERROR_CODES.uploadRequestTotalExceeded, { name: 'a', remaining: 3 }, allowance),
    ).toEqual({ reason: 'noRoom', remaining: 3 });
    expect(refusalOf(ERROR_CODES.uploadRequestTypeNotAllowed, {}, allowance)).toEqual({
      reason: 'typeNotAllowed',
      allowed: ['.pdf'],
    });
    expect(refusalOf(ERROR_CODES.uploadRequestFull, undefined, allowance)).toEqual({
      reason: 'full',
    });
    expect(refusalOf(ERROR_CODES.uploadRequestPathGone, undefined, allowance)).toEqual({
      reason: 'closed',
    });
    expect(refusalOf(ERROR_CODES.internal, undefined, allowance)).toBeNull();
  });

  it('knows which refusals end the request for every file after', () => {
    expect(endsTheRequest({ reason: 'full' })).toBe(true);
    expect(endsTheRequest({ reason: 'expired' })).toBe(true);
    expect(endsTheRequest({ reason: 'tooLarge', limit: 1 })).toBe(false);
    expect(endsTheRequest(null)).toBe(false);
  });
});
