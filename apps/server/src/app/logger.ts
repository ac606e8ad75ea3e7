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

/**
 * Process warnings (the AWS SDK's multi-line notice about Node versions, deprecations) go
 * through the JSON log, one object per line, instead of Node's plain text on stderr: Node
 * prints them from its own `warning` listener, which is replaced here.
 */
export function routeProcessWarnings(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    logger.warn(
      {
        warning: {
          name: warning.name,
          message: warning.message,
          ...((warning as NodeJS.ErrnoException).code
            ? { code: (warning as NodeJS.ErrnoException).code }
            : {}),
        },
      },
      'process warning',
    );
  });
}
