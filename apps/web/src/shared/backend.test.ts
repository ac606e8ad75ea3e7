import { describe, expect, it, vi } from 'vitest';
import { installFakeWindow } from '../app/fake-window.test-support';
import { resolveBackendUrl } from './backend';

const BASE = 'https://sharebin.test';
const fakeWindow = installFakeWindow({ apiBaseUrl: BASE, origin: 'https://page.test' });

describe('resolveBackendUrl', () => {
  it('keeps absolute addresses (S3) as they are', () => {
    expect(resolveBackendUrl('https://s3.example.com/bucket/key?X-Amz-Signature=1')).toBe(
      'https://s3.example.com/bucket/key?X-Amz-Signature=1',
    );
  });

  it('joins relative addresses (local storage) to the backend base, even under a path', () => {
    expect(resolveBackendUrl('/api/storage/put?sig=1')).toBe(`${BASE}/api/storage/put?sig=1`);
    expect(resolveBackendUrl('api/storage/put')).toBe(`${BASE}/api/storage/put`);
    fakeWindow.__SHAREBIN_CONFIG__ = { apiBaseUrl: 'https://host.test/sharebin/' };
    expect(resolveBackendUrl('/api/storage/put')).toBe(
      'https://host.test/sharebin/api/storage/put',
    );
  });

  it('falls back to the page origin when nothing is configured', () => {
    fakeWindow.__SHAREBIN_CONFIG__ = {};
    expect(resolveBackendUrl('/x')).toBe('https://page.test/x');
  });

  it('falls back to the page origin and the base path the server names (PUBLIC_URL /sb)', () => {
    fakeWindow.__SHAREBIN_CONFIG__ = {};
    const base = { href: 'https://page.test/sb/' };
    // The globals are restored after each test.
    vi.stubGlobal('document', {
      querySelector: (selector: string) => (selector.startsWith('base') ? base : null),
    });
    expect(resolveBackendUrl('/api/raw/abc')).toBe('https://page.test/sb/api/raw/abc');
  });
});
