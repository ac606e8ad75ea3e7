import pino, { type Logger } from 'pino';

/** JSON logs; anything that could carry a secret is redacted should it ever be logged. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        '*.headers.authorization',
        'key',
        '*.key',
        'secret',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
}
