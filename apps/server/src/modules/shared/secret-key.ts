import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The server's secret: `SECRET_KEY` when configured, else a random key generated once into
 * `DATA_DIR/secret.key`, readable by the owner only, so that it survives restarts.
 */
export function resolveSecretKey({
  configured,
  dataDir,
}: {
  configured: string | undefined;
  dataDir: string;
}): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  return generated;
}
