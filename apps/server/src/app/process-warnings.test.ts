import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useS3rver } from '../test/fs-kit';
import {
  apiCall,
  type ServerProcess,
  signInAsAdmin,
  startServerProcess,
} from '../test/server-process';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 30_000 });

const s3rver = useS3rver();

/** Node 20 is where the AWS SDK warns about the Node version it will soon require. */
const sdkWarns = Number(process.versions.node.split('.')[0]) < 22;

describe('the output of a started server', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it('is JSON lines only, the AWS SDK warning included, once an S3 storage is used', async () => {
    server = await startServerProcess({
      dataDir: mkdtempSync(path.join(tmpdir(), 'sharebin-warnings-')),
    });
    const token = await signInAsAdmin(server.url);
    await apiCall(server.url, 'POST', '/s3-configs', token, {
      ...s3rver().storageFields,
      name: 's3rver',
    });
    // Readiness calls every storage: the S3 client is made, and the SDK checks Node's version.
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    await server.stop();

    const { stdout, stderr } = server.output;
    const lines = `${stdout}\n${stderr}`.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(() => JSON.parse(line), line).not.toThrow();
      expect(typeof JSON.parse(line), line).toBe('object');
    }
    const warnings = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'process warning');
    if (sdkWarns) {
      expect(warnings).toEqual([
        expect.objectContaining({
          level: 40,
          warning: expect.objectContaining({
            message: expect.stringContaining('NodeVersionSupportWarning'),
          }),
        }),
      ]);
    }
  });
});
