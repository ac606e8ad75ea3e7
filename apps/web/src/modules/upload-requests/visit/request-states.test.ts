import { ERROR_CODES } from '@sharebin/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/api-client';
import { renderMarkup, textsIn } from '../../../app/static-markup.test-support';
import { ShareUnavailable, unavailableReason } from '../../shares';
import { failureText, refusalText } from './file-messages';

const apiError = (code: string, status: number) => new ApiError({ status, code, message: code });

describe('a request that takes no files', () => {
  it.each([
    [ERROR_CODES.uploadRequestNotFound, 404, 'notFound'],
    [ERROR_CODES.uploadRequestExpired, 410, 'expired'],
    [ERROR_CODES.uploadRequestFull, 410, 'exhausted'],
    [ERROR_CODES.uploadRequestPathGone, 410, 'pathGone'],
  ] as const)('answered %s is %s', (code, status, reason) => {
    expect(unavailableReason('uploadRequest', apiError(code, status))).toBe(reason);
  });

  it.each([
    ['notFound', 'Upload request not found'],
    ['expired', 'This upload request has closed'],
    ['exhausted', 'This upload request is full'],
    ['pathGone', 'This upload request no longer takes files'],
  ] as const)('%s explains itself', (reason, title) => {
    const html = renderMarkup(createElement(ShareUnavailable, { kind: 'uploadRequest', reason }));
    expect(html).toContain('data-testid="upload-request-unavailable"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
  });

  it('is full in Chinese too', () => {
    const html = renderMarkup(
      createElement(ShareUnavailable, { kind: 'uploadRequest', reason: 'exhausted' }),
      'zh-CN',
    );
    expect(html).toContain('此文件收集请求已收满');
  });
});

describe('why a file was not taken', () => {
  const t = textsIn('en-US');

  it('names the limit it met, in the reader’s units', () => {
    expect(refusalText(t, 'en-US', { reason: 'tooLarge', limit: 5 * 1024 ** 2 })).toBe(
      'Larger than the 5 MB this request accepts per file',
    );
    expect(refusalText(t, 'en-US', { reason: 'tooManyFiles', remaining: 1 })).toBe(
      'The request takes only 1 more file',
    );
    expect(refusalText(t, 'en-US', { reason: 'tooManyFiles', remaining: 0 })).toBe(
      'The request takes no more files',
    );
    expect(
      refusalText(t, 'en-US', { reason: 'typeNotAllowed', allowed: ['.pdf', 'image/*'] }),
    ).toBe('Not an accepted type (accepted: .pdf, image/*)');
  });

  it('words a refusal it has no words of its own for by its code', () => {
    const failure = {
      kind: 'refused' as const,
      status: 401,
      code: ERROR_CODES.accessTokenInvalid,
      details: undefined,
    };
    expect(failureText(t, 'en-US', failure)).toBe(
      'The access link has expired; enter the password again',
    );
    expect(
      failureText(t, 'en-US', { kind: 'refused', status: 502, code: null, details: undefined }),
    ).toBe('The server answered HTTP 502');
  });
});
