import { describe, expect, it } from 'vitest';
import { parseBackendUrl } from './backend-url';

describe('backend address of the environment switcher', () => {
  it('keeps an http or https address without its trailing slash', () => {
    expect(parseBackendUrl(' https://share.example.com/ ')).toEqual({
      url: 'https://share.example.com',
    });
    expect(parseBackendUrl('http://10.0.0.2:8787')).toEqual({ url: 'http://10.0.0.2:8787' });
    expect(parseBackendUrl('https://example.com/sharebin/')).toEqual({
      url: 'https://example.com/sharebin',
    });
  });

  it('takes empty for this server', () => {
    expect(parseBackendUrl('   ')).toEqual({ url: null });
  });

  it('refuses what is not an http(s) address', () => {
    expect(parseBackendUrl('share.example.com')).toBeNull();
    expect(parseBackendUrl('ftp://share.example.com')).toBeNull();
    expect(parseBackendUrl('javascript:alert(1)')).toBeNull();
    expect(parseBackendUrl('https://user:pw@share.example.com')).toBeNull();
    expect(parseBackendUrl('https://share.example.com/?x=1')).toBeNull();
  });
});
