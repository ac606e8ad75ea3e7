import { ERROR_CODES } from '@sharebin/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/api-client';
import { renderMarkup, textsIn } from '../../../app/static-markup.test-support';
import { enUS } from '../../../i18n/en-US';
import { fsSharesEnUS } from '../../../i18n/fs-shares.en-US';
import { shareAccessTexts } from './ShareAccessNotices';
import { ShareLoadFailed } from './ShareLoadFailed';
import { ShareUnavailable } from './ShareUnavailable';
import { ShareViewShell } from './ShareViewShell';
import {
  SHARE_KINDS,
  type ShareKind,
  type UnavailableReason,
  unavailableReason,
} from './share-kinds';

const apiError = (code: string, status = 404) => new ApiError({ status, code, message: code });

describe('unavailableReason', () => {
  it.each<[ShareKind, string, UnavailableReason]>([
    ['paste', ERROR_CODES.pasteNotFound, 'notFound'],
    ['paste', ERROR_CODES.validationFailed, 'notFound'],
    ['paste', ERROR_CODES.pasteExpired, 'expired'],
    ['paste', ERROR_CODES.pasteViewsExhausted, 'exhausted'],
    ['file', ERROR_CODES.fileNotFound, 'notFound'],
    ['file', ERROR_CODES.validationFailed, 'notFound'],
    ['file', ERROR_CODES.fileExpired, 'expired'],
    ['file', ERROR_CODES.fileViewsExhausted, 'exhausted'],
    ['fs', ERROR_CODES.fsShareNotFound, 'notFound'],
    ['fs', ERROR_CODES.validationFailed, 'notFound'],
    ['fs', ERROR_CODES.fsShareExpired, 'expired'],
    ['fs', ERROR_CODES.fsShareViewsExhausted, 'exhausted'],
    ['fs', ERROR_CODES.fsSharePathGone, 'pathGone'],
  ])('a %s share answered %s is %s', (kind, code, reason) => {
    expect(unavailableReason(kind, apiError(code))).toBe(reason);
  });

  it('takes no other failure for a share that is gone', () => {
    expect(unavailableReason('paste', apiError(ERROR_CODES.fileExpired))).toBeNull();
    expect(unavailableReason('file', apiError(ERROR_CODES.pasteNotFound))).toBeNull();
    expect(unavailableReason('paste', apiError(ERROR_CODES.pastePasswordRequired, 401))).toBeNull();
    expect(unavailableReason('file', new Error('network'))).toBeNull();
    expect(unavailableReason('file', null)).toBeNull();
    expect(unavailableReason('fs', apiError(ERROR_CODES.fileNotFound))).toBeNull();
    expect(unavailableReason('file', apiError(ERROR_CODES.fsSharePathGone, 410))).toBeNull();
    expect(unavailableReason('fs', apiError(ERROR_CODES.fsSharePasswordRequired, 401))).toBeNull();
  });
});

describe('ShareUnavailable', () => {
  it.each<[ShareKind, UnavailableReason, string]>([
    ['paste', 'notFound', 'Paste not found'],
    ['paste', 'expired', 'This paste has expired'],
    ['paste', 'exhausted', 'This paste has been viewed as often as allowed'],
    ['file', 'notFound', 'File not found'],
    ['file', 'expired', 'This file has expired'],
    ['file', 'exhausted', 'This file has been viewed as often as allowed'],
    ['fs', 'notFound', 'Share not found'],
    ['fs', 'expired', 'This share has expired'],
    ['fs', 'exhausted', 'This share has been downloaded as often as allowed'],
    ['fs', 'pathGone', 'The shared file or folder is gone'],
  ])('a %s that is %s says so, with a way home', (kind, reason, title) => {
    const html = renderMarkup(createElement(ShareUnavailable, { kind, reason }));
    expect(html).toContain(`data-testid="${SHARE_KINDS[kind].testId}-unavailable"`);
    expect(html).toContain(`data-reason="${reason}"`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    const body =
      kind === 'fs'
        ? fsSharesEnUS.view.unavailable[reason].body
        : reason === 'pathGone'
          ? 'never asked for'
          : enUS[kind === 'paste' ? 'pasteView' : 'fileShare'].unavailable[reason].body;
    expect(html).toContain(body);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>.*Back to home/);
  });

  it('speaks the reader’s language', () => {
    const html = renderMarkup(
      createElement(ShareUnavailable, { kind: 'file', reason: 'expired' }),
      'zh-CN',
    );
    expect(html).toContain('此文件已过期');
    expect(html).toContain('返回首页');
  });
});

describe('ShareLoadFailed', () => {
  it.each<[ShareKind, string]>([
    ['paste', 'The paste could not be loaded'],
    ['file', 'The file could not be loaded'],
  ])('a %s look-up that failed shows why, with a retry', (kind, title) => {
    const html = renderMarkup(
      createElement(ShareLoadFailed, { kind, error: new Error('boom'), onRetry: () => {} }),
    );
    expect(html).toContain(`data-testid="${kind}-load-failed"`);
    expect(html).toContain(title);
    expect(html).toContain('boom');
    expect(html).toMatch(/<button[^>]*>.*Retry.*<\/button>/);
  });
});

describe('ShareViewShell', () => {
  const view = { isPending: false, error: null as unknown, refetch: async () => undefined };
  const unlock = { mutate: () => {}, isPending: false, error: null as unknown };
  const shell = (props: Partial<Parameters<typeof ShareViewShell>[0]>) =>
    renderMarkup(
      createElement(ShareViewShell, {
        kind: 'paste',
        view,
        unlock,
        locked: false,
        content: null,
        ...props,
      }),
    );

  it('shows the content once there is some, whatever else', () => {
    const content = createElement('p', { 'data-testid': 'shown' }, 'hello');
    // Mantine's global styles come first; the content is all that follows them.
    expect(shell({ content, view: { ...view, isPending: true }, locked: true })).toMatch(
      /<\/style><p data-testid="shown">hello<\/p>$/,
    );
  });

  it('waits for the look-up', () => {
    expect(shell({ view: { ...view, isPending: true } })).toContain('role="status"');
  });

  it('asks for the password of a locked share, until it is gone', () => {
    expect(shell({ kind: 'file', locked: true })).toContain('data-testid="file-password-prompt"');
    const gone = shell({
      kind: 'file',
      locked: true,
      unlock: { ...unlock, error: apiError(ERROR_CODES.fileViewsExhausted, 410) },
    });
    expect(gone).toContain('data-testid="file-unavailable"');
    expect(gone).toContain('data-reason="exhausted"');
  });

  it('tells a share that is gone from a failed look-up', () => {
    const gone = shell({ view: { ...view, error: apiError(ERROR_CODES.pasteExpired, 410) } });
    expect(gone).toContain('data-reason="expired"');
    const failed = shell({ view: { ...view, error: apiError('server.internal', 500) } });
    expect(failed).toContain('data-testid="paste-load-failed"');
  });
});

describe('shareAccessTexts', () => {
  const t = textsIn('en-US');

  it('words a paste’s limits as its badges do', () => {
    const texts = (remaining: number | null) =>
      shareAccessTexts(t, 'en-US', 'paste', { expires_at: null, remaining_views: remaining });
    expect(texts(null)).toEqual({ expiry: 'Never expires', viewsLeft: 'Unlimited views' });
    expect(texts(0).viewsLeft).toBe('This was the last view');
    expect(texts(1).viewsLeft).toBe('1 view left');
    expect(texts(2).viewsLeft).toBe('2 views left');
  });

  it('words a file share’s limits as its detail rows do, either left out', () => {
    expect(shareAccessTexts(t, 'en-US', 'file', {})).toEqual({
      expiry: 'Never',
      viewsLeft: 'Unlimited',
    });
    const texts = (remaining: number) =>
      shareAccessTexts(t, 'en-US', 'file', { remaining_views: remaining }).viewsLeft;
    expect(texts(0)).toBe('This was the last view');
    expect(texts(4)).toBe('4');
  });

  it('gives the expiry as relative time and date', () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const paste = shareAccessTexts(t, 'en-US', 'paste', {
      expires_at: expiresAt,
      remaining_views: null,
    });
    expect(paste.expiry).toMatch(/^Expires in .+ \(.+\)$/);
    const file = shareAccessTexts(t, 'en-US', 'file', { expires_at: expiresAt });
    expect(file.expiry).toMatch(/^in .+ \(.+\)$/);
  });
});
