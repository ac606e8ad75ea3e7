import { ERROR_CODES } from '@sharebin/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/api-client';
import { renderMarkup } from '../../../app/static-markup.test-support';
import { ShareUnavailable, ShareViewShell, unavailableReason } from '../../shares';
import { LeavingForTarget } from './LeavingForTarget';
import { OpenLinkPrompt } from './OpenLinkPrompt';

const apiError = (code: string, status = 410) => new ApiError({ status, code, message: code });
const idle = { mutate: () => {}, isPending: false, error: null as unknown };

describe('a short link that leads nowhere', () => {
  it.each([
    [ERROR_CODES.linkNotFound, 'notFound'],
    [ERROR_CODES.validationFailed, 'notFound'],
    [ERROR_CODES.linkExpired, 'expired'],
    [ERROR_CODES.linkViewsExhausted, 'exhausted'],
  ])('answered %s is %s', (code, reason) => {
    expect(unavailableReason('link', apiError(code))).toBe(reason);
  });

  it('is not taken for any other failure', () => {
    expect(unavailableReason('link', apiError(ERROR_CODES.pasteExpired))).toBeNull();
    expect(unavailableReason('link', apiError(ERROR_CODES.linkWrongPassword, 401))).toBeNull();
  });

  it.each([
    ['expired', 'This link has expired', '此链接已过期'],
    ['exhausted', 'This link has been followed as often as allowed', '此链接的访问次数已用完'],
    ['notFound', 'Short link not found', '短链接不存在'],
  ] as const)('says it is %s, in both languages, with a way home', (reason, english, chinese) => {
    const shown = (language: 'en-US' | 'zh-CN') =>
      renderMarkup(createElement(ShareUnavailable, { kind: 'link', reason }), language);
    expect(shown('en-US')).toContain('data-testid="link-unavailable"');
    expect(shown('en-US')).toMatch(new RegExp(`<h1[^>]*>${english}</h1>`));
    expect(shown('en-US')).toMatch(/<a[^>]*href="\/"[^>]*>.*Back to home/);
    expect(shown('zh-CN')).toMatch(new RegExp(`<h1[^>]*>${chinese}</h1>`));
  });
});

describe('a protected short link', () => {
  const shell = (unlock = idle) =>
    renderMarkup(
      createElement(ShareViewShell, {
        kind: 'link',
        view: { isPending: false, error: null, refetch: async () => undefined },
        unlock,
        locked: true,
        content: null,
      }),
    );

  it('asks for its password', () => {
    const html = shell();
    expect(html).toContain('data-testid="link-password-prompt"');
    expect(html).toContain('This link is protected');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Continue/);
  });

  it('says a wrong password and a rate limit in its words', () => {
    expect(shell({ ...idle, error: apiError(ERROR_CODES.linkWrongPassword, 401) })).toContain(
      'Wrong password',
    );
    const limited = new ApiError({
      status: 429,
      code: 'rate_limited',
      message: 'slow down',
      retryAfterSeconds: 30,
    });
    expect(shell({ ...idle, error: limited })).toContain(
      'Too many attempts, please try again in 30 seconds',
    );
  });

  it('says so when it ran out while the prompt was open', () => {
    const html = shell({ ...idle, error: apiError(ERROR_CODES.linkViewsExhausted) });
    expect(html).toContain('data-reason="exhausted"');
  });
});

describe('a short link that needs no password on this page', () => {
  it('waits for a click rather than loading /l/{slug} again', () => {
    const html = renderMarkup(createElement(OpenLinkPrompt, { follow: idle }));
    expect(html).toContain('data-testid="link-open"');
    expect(html).toContain('This link is ready');
    expect(html).toMatch(/<button[^>]*data-testid="link-continue"[^>]*>/);
    expect(html).not.toContain('/l/');
  });

  it('says why when following failed, or that the link is gone', () => {
    const failed = renderMarkup(
      createElement(OpenLinkPrompt, { follow: { ...idle, error: new Error('offline') } }),
    );
    expect(failed).toContain('offline');
    const gone = renderMarkup(
      createElement(OpenLinkPrompt, {
        follow: { ...idle, error: apiError(ERROR_CODES.linkExpired) },
      }),
    );
    expect(gone).toContain('data-reason="expired"');
  });
});

describe('leaving for the address', () => {
  it('names the host and keeps the address at hand', () => {
    const html = renderMarkup(
      createElement(LeavingForTarget, { url: 'https://example.com/a/b?c=1' }),
      'zh-CN',
    );
    expect(html).toContain('正在前往 example.com…');
    expect(html).toContain('href="https://example.com/a/b?c=1"');
  });
});
