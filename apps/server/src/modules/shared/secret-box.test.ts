import { describe, expect, it } from 'vitest';
import { createSecretBox, maskSecret } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('k'.repeat(32));

  it('seals and opens, with a fresh IV each time', () => {
    const first = box.seal('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    const second = box.seal('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(first).not.toBe(second);
    expect(first).not.toContain('EXAMPLEKEY');
    expect(box.open(first)).toBe('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
  });

  it('refuses tampered ciphertext and another server key', () => {
    const sealed = box.seal('secret');
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${Buffer.from(Buffer.from(data as string, 'base64url').map((b) => b ^ 1)).toString('base64url')}`;
    expect(() => box.open(flipped)).toThrow();
    expect(() => createSecretBox('x'.repeat(32)).open(sealed)).toThrow();
    expect(() => box.open('plain-text')).toThrow();
  });

  it('masks secrets', () => {
    expect(maskSecret('AKIAIOSFODNN7EXAMPLE')).toBe('AKIA••••••••MPLE');
    expect(maskSecret('short')).toBe('•••••');
  });
});
