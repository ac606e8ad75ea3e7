import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSecretKey, SECRET_KEY_FILE } from './secret-key';

describe('secret key', () => {
  it('prefers the configured key', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-key-'));
    expect(resolveSecretKey({ configured: 'x'.repeat(32), dataDir })).toBe('x'.repeat(32));
  });

  it('generates a key once, with mode 0600, and reads it back', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-key-'));
    const first = resolveSecretKey({ configured: undefined, dataDir });
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(statSync(path.join(dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey({ configured: undefined, dataDir })).toBe(first);
  });
});
