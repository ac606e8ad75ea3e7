import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findProgram, runTool } from './thumbnail-tools';

const python3 = await findProgram('python3');

describe('thumbnail tools', () => {
  it('finds a program on the PATH or by its path, and none for off or a missing one', async () => {
    expect(await findProgram('sh')).toMatch(/\/sh$/);
    expect(await findProgram('/bin/sh')).toBe('/bin/sh');
    expect(await findProgram('off')).toBeNull();
    expect(await findProgram('')).toBeNull();
    expect(await findProgram('no-such-program-here')).toBeNull();
    expect(await findProgram('/no/such/program')).toBeNull();
  });

  it('feeds stdin and answers stdout', async () => {
    const output = await runTool('cat', [], { input: Readable.from([Buffer.from('bytes in')]) });
    expect(output.toString()).toBe('bytes in');
  });

  it("gives the program none of the server's environment", async () => {
    process.env.SHAREBIN_TEST_SECRET = 'do not pass on';
    process.env.http_proxy = 'http://127.0.0.1:9/';
    try {
      const seen = await runTool('sh', [
        '-c',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's expansions, not a template
        'echo "${SHAREBIN_TEST_SECRET:-none} ${http_proxy:-none} ${PATH:+path}"',
      ]);
      expect(seen.toString().trim()).toBe('none none path');
    } finally {
      delete process.env.SHAREBIN_TEST_SECRET;
      delete process.env.http_proxy;
    }
  });

  it('fails on a non-zero exit with the end of stderr', async () => {
    await expect(runTool('sh', ['-c', 'echo broken file >&2; exit 3'])).rejects.toThrow(
      /exited with 3: broken file/,
    );
  });

  it('kills a program that does not finish in time', async () => {
    const started = Date.now();
    await expect(runTool('sleep', ['30'], { timeoutMs: 200 })).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('kills a program that writes more than a picture', async () => {
    await expect(runTool('sh', ['-c', 'head -c 40000000 /dev/zero'])).rejects.toThrow(
      /wrote too much/,
    );
  });

  // python3 allocates exactly what it is told (CI installs it; most systems have it).
  it.skipIf(!python3)('holds a program to its memory limit', async () => {
    const allocate = ['-c', 'bytearray(512 * 1024 * 1024)'];
    await expect(runTool('python3', allocate, { memoryLimitMb: 256 })).rejects.toThrow(
      /MemoryError/,
    );
    await expect(runTool('python3', allocate, { memoryLimitMb: 2048 })).resolves.toBeDefined();
  });

  it('stops a program whose input fails', async () => {
    const input = new Readable({
      read() {
        this.destroy(new Error('storage went away'));
      },
    });
    await expect(runTool('cat', [], { input })).rejects.toThrow(/storage went away/);
  });
});
