import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives the bare type without a name', () => {
    expect(contentDisposition({})).toBe('attachment');
    expect(contentDisposition({ inline: true })).toBe('inline');
  });

  it('keeps plain ASCII names as they are', () => {
    expect(contentDisposition({ filename: 'report 2026.pdf' })).toBe(
      'attachment; filename="report 2026.pdf"',
    );
  });

  it('adds filename* for names the quoted form cannot carry', () => {
    expect(contentDisposition({ filename: '报告.txt', inline: true })).toBe(
      `inline; filename="__.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.txt`,
    );
    expect(contentDisposition({ filename: `a"b\\c%41'*.txt` })).toBe(
      `attachment; filename="a_b_c_41'*.txt"; filename*=UTF-8''a%22b%5Cc%2541%27%2A.txt`,
    );
  });

  it('never lets a line break or a lone surrogate through', () => {
    const header = contentDisposition({ filename: 'evil\r\nSet-Cookie: x=1\ud800.txt' });
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toContain('filename="evil__Set-Cookie: x=1_.txt"');
    expect(header).toContain("filename*=UTF-8''evil%0D%0ASet-Cookie%3A%20x%3D1%EF%BF%BD.txt");
  });
});
