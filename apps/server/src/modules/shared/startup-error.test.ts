import { describe, expect, it } from 'vitest';
import { formatStartupFailure, StartupError } from './startup-error';

const ENV = {
  SECRET_KEY: 'k'.repeat(40),
  ADMIN_PASSWORD: 'admin-secret-pw',
  DATABASE_URL: 'postgres://sharebin:db%2Fsecret@db:5432/sharebin',
};

describe('the line printed when the start fails', () => {
  it('shows a start-up error as it is', () => {
    expect(formatStartupFailure(new StartupError('PORT 80 is in use on ::'), ENV, true)).toBe(
      'sharebin: PORT 80 is in use on ::\n',
    );
  });

  it('keeps an unexpected error on one line, with its cause, and masks every secret in it', () => {
    const error = new Error(
      `connect failed for postgres://sharebin:db%2Fsecret@db:5432/sharebin\n    at x (y.js:1:1)`,
      { cause: new Error(`key ${ENV.SECRET_KEY} / db/secret / ${ENV.ADMIN_PASSWORD}`) },
    );
    expect(formatStartupFailure(error, ENV, false)).toBe(
      'sharebin: failed to start: connect failed for postgres://sharebin:***@db:5432/sharebin at x (y.js:1:1): key *** / *** / ***\n',
    );
  });
});
