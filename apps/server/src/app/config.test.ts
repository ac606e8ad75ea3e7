import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: path.resolve('./data/sharebin.db'),
      adminUsername: 'admin',
      adminPassword: undefined,
      adminSessionTtlMs: 24 * 3_600_000,
      trustProxyHops: 0,
      corsOrigins: [],
      logLevel: 'info',
      publicUrl: undefined,
      shutdownGraceMs: 10_000,
      davPropfindMaxEntries: 10_000,
      httpTimeouts: { idleMs: 60_000, headersMs: 60_000, keepAliveMs: 5_000 },
      storageTimeoutMs: 10_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/sharebin',
      DATABASE_URL: 'postgres://u@db/sharebin',
      SECRET_KEY: 'k'.repeat(32),
      ADMIN_PASSWORD: 'long-enough',
      ADMIN_SESSION_TTL: '30m',
      TRUST_PROXY: '2',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      PUBLIC_URL: 'https://share.example',
      SHUTDOWN_GRACE: '45s',
      DAV_PROPFIND_MAX_ENTRIES: '500',
      HTTP_IDLE_TIMEOUT: '2m',
      HTTP_HEADERS_TIMEOUT: '20',
      HTTP_KEEP_ALIVE_TIMEOUT: '10s',
      STORAGE_TIMEOUT: '3s',
    });
    expect(config).toMatchObject({
      shutdownGraceMs: 45_000,
      davPropfindMaxEntries: 500,
      httpTimeouts: { idleMs: 120_000, headersMs: 20_000, keepAliveMs: 10_000 },
      storageTimeoutMs: 3_000,
      port: 9000,
      databaseUrl: 'postgres://u@db/sharebin',
      adminSessionTtlMs: 30 * 60_000,
      trustProxyHops: 2,
      corsOrigins: ['https://a.example', 'https://b.example'],
      publicUrl: 'https://share.example',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['ADMIN_SESSION_TTL', '5 weeks'],
    ['ADMIN_SESSION_TTL', '0'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://x'],
    ['PUBLIC_URL', 'https://host/my%20app'],
    ['PUBLIC_URL', 'https://host/sb?x=1'],
    ['PUBLIC_URL', 'https://host/sb#top'],
    ['PUBLIC_URL', 'https://user:pw@host/sb'],
    ['SECRET_KEY', 'short'],
    ['ADMIN_PASSWORD', '1234'],
    ['SHUTDOWN_GRACE', 'soon'],
    ['HTTP_IDLE_TIMEOUT', '0'],
  ])('rejects %s=%s with one readable line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid ${name}[= ]`));
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('masks the password of a PUBLIC_URL it refuses', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://user:hunter22@host/sb' })).toThrow(
      /^(?!.*hunter22).*PUBLIC_URL/,
    );
  });

  it('takes a PUBLIC_URL with a plain path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://host.example/share-bin_2/v1.0~x/' }).publicUrl).toBe(
      'https://host.example/share-bin_2/v1.0~x/',
    );
  });

  it.each([
    ['SECRET_KEY', 'a-short-secret'],
    ['ADMIN_PASSWORD', 'pw-123'],
  ])('never shows the value of %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new ConfigError(
        `Invalid ${name} (value not shown): needs at least ${name === 'SECRET_KEY' ? 32 : 8} characters`,
      ),
    );
  });

  it('masks the password of a URL it refuses', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:p%40ss@db:3306/sharebin' })).toThrow(
      new ConfigError(
        'Invalid DATABASE_URL="mysql://root:***@db:3306/sharebin": mysql:// is not supported: use postgres://… or a SQLite file path',
      ),
    );
  });

  it.each([
    ['postgres://u:p@db:5432/sharebin'],
    ['postgresql://db/sharebin'],
    ['sqlite:///var/lib/sharebin/sharebin.db'],
    ['/var/lib/sharebin/sharebin.db'],
    ['relative/sharebin.db'],
  ])('takes DATABASE_URL=%s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it.each([
    ['*', '`*` (every origin) is not supported'],
    ['https://a.example/', '"https://a.example/" is not an origin'],
    ['a.example', '"a.example" is not an origin'],
    ['ftp://a.example', '"ftp://a.example" is not an origin'],
  ])('refuses CORS_ORIGINS=%s with the reason', (value, reason) => {
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(reason);
  });

  it('takes a list of origins with ports', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it('is documented in the README with the same defaults', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');
    for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
      const shownDefault = variable.default === '' ? '' : `\`${variable.default}\``;
      expect(readme, name).toContain(`| \`${name}\` | ${shownDefault} |`);
    }
  });
});
