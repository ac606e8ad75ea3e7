import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random string over [0-9A-Za-z]; `length` 22 carries over 128 bits. */
export function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export const newId = (): string => randomUUID();

/** Tokens and API keys are stored as SHA-256 hashes, never in the clear. */
export const sha256Hex = (value: string): string =>
  createHash('sha256').update(value, 'utf8').digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** scrypt parameters: 2^15 × 8 × 128 bytes = 32 MiB of memory per hash, 60–200 ms here. */
interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}
export const PASSWORD_HASH_COST = 2 ** 15;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export interface PasswordHasher {
  /** Format: `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
  hash(password: string): Promise<string>;
}

/**
 * Hashes new passwords with scrypt's N = `cost`. Tests pass a cheaper cost (every test signs an
 * admin in). A hash carries its own parameters, so `verifyPassword` follows whatever it was
 * made with.
 */
export function createPasswordHasher(cost = PASSWORD_HASH_COST): PasswordHasher {
  const params: ScryptParams = { N: cost, r: 8, p: 1, keyLength: 32 };
  return {
    async hash(password) {
      const salt = randomBytes(SALT_LENGTH);
      const key = await scryptAsync(password, salt, params);
      return [
        'scrypt',
        params.N,
        params.r,
        params.p,
        salt.toString('base64url'),
        key.toString('base64url'),
      ].join('$');
    },
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}
