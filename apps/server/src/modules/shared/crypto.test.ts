import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD_HASH_COST } from '../../test/harness';
import { createPasswordHasher, randomBase62, safeEqual, sha256Hex, verifyPassword } from './crypto';

describe('crypto helpers', () => {
  it('hashes passwords with a salt and verifies them, at the full cost by default', async () => {
    const passwords = createPasswordHasher();
    const first = await passwords.hash('s3cret-passphrase');
    const second = await passwords.hash('s3cret-passphrase');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cret');
    expect(await verifyPassword('s3cret-passphrase', first)).toBe(true);
    expect(await verifyPassword('s3cret-passphrasE', first)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it('verifies a hash by the parameters it carries, whatever the cost of new hashes', async () => {
    const cheap = await createPasswordHasher(TEST_PASSWORD_HASH_COST).hash('s3cret-passphrase');
    expect(cheap.startsWith(`scrypt$${TEST_PASSWORD_HASH_COST}$8$1$`)).toBe(true);
    expect(await verifyPassword('s3cret-passphrase', cheap)).toBe(true);
    expect(await verifyPassword('s3cret-passphrasE', cheap)).toBe(false);
  });

  it('makes random base62 strings of the asked length', () => {
    const values = new Set(Array.from({ length: 200 }, () => randomBase62(22)));
    expect(values.size).toBe(200);
    for (const value of values) expect(value).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it('hashes and compares', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
