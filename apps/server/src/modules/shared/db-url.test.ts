import { describe, expect, it } from 'vitest';
import { maskUrlPassword, postgresAddressOf, unsupportedDatabaseScheme } from './db-url';

describe('DATABASE_URL', () => {
  it.each([
    ['mysql://root:pw@db/sharebin', 'mysql'],
    ['mariadb://db/sharebin', 'mariadb'],
    ['postgres://db/sharebin', undefined],
    ['POSTGRESQL://db/sharebin', 'POSTGRESQL'],
    ['postgresql://db/sharebin', undefined],
    ['sqlite:///var/lib/sharebin.db', undefined],
    ['/var/lib/sharebin.db', undefined],
    ['C:\\sharebin\\sharebin.db', undefined],
    ['data/sharebin.db', undefined],
  ])('%s has the unsupported scheme %s', (url, scheme) => {
    expect(unsupportedDatabaseScheme(url)).toBe(scheme);
  });

  it.each([
    ['postgres://sharebin:s3cr%40t@db:5432/x', 'postgres://sharebin:***@db:5432/x'],
    [
      'postgres://sharebin:p:w@db/x?sslmode=require',
      'postgres://sharebin:***@db/x?sslmode=require',
    ],
    ['postgres://sharebin@db/x', 'postgres://sharebin@db/x'],
    ['postgres://db/x', 'postgres://db/x'],
    ['/var/lib/sharebin.db', '/var/lib/sharebin.db'],
    ['sqlite:///var/lib/sharebin.db', 'sqlite:///var/lib/sharebin.db'],
    // An `@` in the password: the user info ends at the last one.
    ['postgres://u:p@ss@h/db', 'postgres://u:***@h/db'],
    [
      'postgres://h/db?password=secret&sslmode=require',
      'postgres://h/db?password=***&sslmode=require',
    ],
    ['postgres://u@h/db?sslpassword=secret', 'postgres://u@h/db?sslpassword=***'],
    ['postgres://u:pw@h/db?PassWord=secret', 'postgres://u:***@h/db?PassWord=***'],
    // Not parsable as a URL: everything before the host is masked, query passwords too.
    ['postgres://u:p/x@h/db', 'postgres://***@h/db'],
    ['postgres://u:p@ss@h:99999/db?password=z', 'postgres://***@h:99999/db?password=***'],
  ])('masks the password of %s', (url, masked) => {
    expect(maskUrlPassword(url)).toBe(masked);
  });

  it.each([
    ['postgres://u:p@db.example:6543/x', 'db.example:6543'],
    ['postgres://u:p@db.example/x', 'db.example:5432'],
    ['postgres://u:p@[::1]:5433/x', '[::1]:5433'],
  ])('finds the address of %s', (url, address) => {
    expect(postgresAddressOf(url)).toBe(address);
  });
});
