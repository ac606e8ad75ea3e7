import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ContentLengthMismatchError } from './storage-driver.errors';
import { readWholeBody, WholeBody } from './whole-body';

describe('readWholeBody', () => {
  it('reads exactly the declared bytes, or at most a bound', async () => {
    const body = () => Readable.from([Buffer.from('ab'), Buffer.from('cd')]);
    expect((await readWholeBody(body(), 4)).toString()).toBe('abcd');
    expect((await readWholeBody(body(), 10, { exact: false })).toString()).toBe('abcd');
    await expect(readWholeBody(body(), 5)).rejects.toBeInstanceOf(ContentLengthMismatchError);
    await expect(readWholeBody(body(), 3)).rejects.toBeInstanceOf(ContentLengthMismatchError);
    expect((await readWholeBody(new WholeBody(Buffer.from('xyz')), 3)).toString()).toBe('xyz');
  });

  it('fails a body whose client hangs up midway', async () => {
    const body = new PassThrough();
    const read = readWholeBody(body, 10);
    body.write(Buffer.from('abc'));
    body.destroy();
    await expect(read).rejects.toBeInstanceOf(ContentLengthMismatchError);
  });

  // A request destroyed while the write was being prepared emits nothing more: it must not
  // leave the upload waiting forever.
  it('settles at once for a body destroyed, failed or ended before it is read', async () => {
    const destroyed = new PassThrough();
    destroyed.destroy();
    await expect(readWholeBody(destroyed, 4)).rejects.toBeInstanceOf(ContentLengthMismatchError);
    const failed = new PassThrough();
    const failure = new Error('socket reset');
    failed.on('error', () => {});
    failed.destroy(failure);
    await expect(readWholeBody(failed, 4)).rejects.toBe(failure);
    const ended = new PassThrough();
    ended.end();
    ended.resume();
    await new Promise((resolve) => ended.once('end', resolve));
    expect((await readWholeBody(ended, 0)).length).toBe(0);
    await expect(readWholeBody(ended, 4)).rejects.toBeInstanceOf(ContentLengthMismatchError);
  });
});
