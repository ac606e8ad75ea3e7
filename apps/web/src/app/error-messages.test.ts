import { ERROR_CODES } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { apiErrorsEnUS, apiErrorsZhCN } from '../i18n/api-errors';
import { apiErrorText, failureText, issueFieldErrors } from './error-messages';

describe('API error texts', () => {
  it.each(Object.values(ERROR_CODES))('%s has an English and a Chinese text', (code) => {
    for (const table of [apiErrorsEnUS, apiErrorsZhCN]) {
      const text = table[code];
      const forms = typeof text === 'string' ? [text] : [text.one, text.other];
      for (const form of forms) expect(form.trim()).not.toBe('');
    }
    expect(apiErrorText(code, undefined, 'zh-CN')).not.toBe(apiErrorText(code, undefined, 'en-US'));
  });

  it('words numbers with plural forms and formats bytes', () => {
    expect(apiErrorText('storage.config_in_use', { shares: 1 }, 'en-US')).toBe(
      'This storage still holds 1 file share; delete it first',
    );
    expect(apiErrorText('storage.config_in_use', { shares: 3 }, 'en-US')).toBe(
      'This storage still holds 3 file shares; delete them first',
    );
    expect(apiErrorText('storage.config_in_use', { shares: 3 }, 'zh-CN')).toBe(
      '该存储中还有 3 个文件分享，请先删除',
    );
    expect(apiErrorText('auth.rate_limited', { retryAfterSeconds: 1 }, 'en-US')).toContain(
      'in 1 second',
    );
    expect(apiErrorText('auth.rate_limited', { retryAfterSeconds: 30 }, 'en-US')).toContain(
      'in 30 seconds',
    );
    expect(apiErrorText('file.too_large', { limitBytes: 5 * 1024 * 1024 }, 'zh-CN')).toBe(
      '文件超过了 5 MB 的上传上限',
    );
  });

  it('leaves unknown codes to the server’s message and unknown languages to English', () => {
    expect(apiErrorText('future.code', undefined, 'zh-CN')).toBeNull();
    expect(apiErrorText('paste.not_found', undefined, 'fr-FR')).toBe('This paste does not exist');
  });

  it('words validation issues by their zod code, keeping unknown ones as sent', () => {
    const details = [
      { path: 'slug', code: 'too_small', origin: 'string', minimum: 3, message: 'Too small' },
      { path: 'max_views', code: 'too_small', origin: 'number', minimum: 0, message: 'x' },
      { path: 'remark', code: 'custom', message: 'Server words' },
    ];
    expect(apiErrorText('validation.failed', details, 'en-US')).toBe('slug: At least 3 characters');
    expect(apiErrorText('validation.failed', details, 'zh-CN')).toBe('slug: 至少 3 个字符');
    const error = { code: 'validation.failed', details };
    expect(
      issueFieldErrors(error, { slug: 'slug', max_views: 'maxViews', remark: 'remark' }, 'zh-CN'),
    ).toEqual({ slug: '至少 3 个字符', maxViews: '不能小于 0', remark: 'Server words' });
  });
});

describe('failures of a call on many paths', () => {
  const exists = {
    path: '/a/dir',
    error: 'fs.already_exists',
    message: 'Something already exists at /b/dir',
    details: { path: '/b/dir' },
  };

  it('words a job item or batch failure in the reader’s language from its code and values', () => {
    expect(failureText(exists, 'zh-CN')).toBe('/a/dir: /b/dir 已存在');
    expect(failureText(exists, 'en-US')).toBe('/a/dir: Something already exists at /b/dir');
    expect(
      failureText({ path: '/a/x', error: 'storage.timeout', message: 'timed out' }, 'zh-CN'),
    ).toBe(`/a/x: ${apiErrorsZhCN['storage.timeout']}`);
  });

  it('keeps the server’s words for a bug, an unknown code, or a text whose values are missing', () => {
    const kept = [
      { path: '/a/x', error: 'internal.error', message: 'EISDIR: illegal operation' },
      { path: '/a/x', error: 'future.code', message: 'Something new' },
      { path: '/a/x', error: 'fs.already_exists', message: 'Something already exists at /b/x' },
    ];
    for (const failure of kept) {
      expect(failureText(failure, 'zh-CN')).toBe(`/a/x: ${failure.message}`);
    }
  });
});
