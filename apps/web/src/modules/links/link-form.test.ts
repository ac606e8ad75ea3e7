import { type ShortLink, shortLinkUpdateRequestSchema } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { type LinkFormValues, linkChanges, linkCreateRequest, NEW_LINK } from './link-form';

const saved: ShortLink = {
  id: 'l1',
  slug: 'docs',
  url: 'https://example.com/docs',
  remark: 'team docs',
  has_password: false,
  expires_at: null,
  max_views: 0,
  views: 4,
  remaining_views: null,
  short_url: 'https://sb.example/l/docs',
  created_by: 'admin',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const valuesOf = (link: { url: string; slug: string; remark: string; max_views: number }) =>
  ({
    url: link.url,
    slug: link.slug,
    remark: link.remark,
    passwordAction: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: link.max_views,
  }) satisfies LinkFormValues;

describe('a short link’s changes', () => {
  it('are nothing when nothing was edited', () => {
    expect(linkChanges(valuesOf(saved), saved)).toEqual({});
  });

  it('carry a new address, trimmed, beside the settings that changed', () => {
    const values = { ...valuesOf(saved), url: '  https://example.com/new  ', maxViews: '10' };
    expect(linkChanges(values, saved)).toEqual({ url: 'https://example.com/new', max_views: 10 });
  });
});

describe('a new short link’s request', () => {
  const blank = valuesOf(NEW_LINK);

  it('leaves an empty suffix out (a random one) and never expires unless asked', () => {
    expect(linkCreateRequest({ ...blank, url: 'https://example.com/a' })).toEqual({
      url: 'https://example.com/a',
      remark: '',
      expires_in: 'never',
      max_views: 0,
    });
  });

  it('carries what was chosen', () => {
    const request = linkCreateRequest({
      ...blank,
      url: ' http://example.com/b ',
      slug: ' mine ',
      remark: ' for Ann ',
      passwordAction: 'set',
      password: 'pw',
      expiry: '7d',
      maxViews: '3',
    });
    expect(request).toEqual({
      url: 'http://example.com/b',
      slug: 'mine',
      remark: 'for Ann',
      password: 'pw',
      expires_in: '7d',
      max_views: 3,
    });
  });

  it('is checked by the schema the server uses: only http and https lead anywhere', () => {
    const check = (url: string) => shortLinkUpdateRequestSchema.safeParse({ url }).success;
    expect(check(linkCreateRequest({ ...blank, url: 'https://example.com' }).url)).toBe(true);
    expect(check(linkCreateRequest({ ...blank, url: 'javascript:alert(1)' }).url)).toBe(false);
    expect(check(linkCreateRequest({ ...blank, url: '   ' }).url)).toBe(false);
  });
});
