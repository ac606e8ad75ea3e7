import { SECRET_VARIABLES } from '../../app/config';
import { urlPassword } from './db-url';

/** A start-up that cannot go on; the message alone tells the operator what to fix. */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Every secret value the environment holds, longest first (so that none hides in another). */
function secretsIn(env: Record<string, string | undefined>): string[] {
  const secrets = [
    // The variables config.ts marks secret: a new one is masked here without a second list.
    ...SECRET_VARIABLES.values.map((name) => env[name]?.trim()),
    ...SECRET_VARIABLES.urls.flatMap((name) => {
      const password = env[name] ? urlPassword(env[name].trim()) : undefined;
      // Both spellings: as written in the URL and decoded.
      return password ? [password, encodeURIComponent(password)] : [];
    }),
  ].filter((value): value is string => Boolean(value && value.length >= 4));
  return [...new Set(secrets)].sort((a, b) => b.length - a.length);
}

/**
 * The one line printed when the start fails: the message of a `StartupError` or a config error
 * as it is, anything else with its message (and its cause's), whitespace folded so that it stays
 * on one line, and any secret of the environment replaced by `***` whatever raised it.
 */
export function formatStartupFailure(
  error: unknown,
  env: Record<string, string | undefined>,
  expected: boolean,
): string {
  let text: string;
  if (expected) {
    text = (error as Error).message;
  } else {
    const message = error instanceof Error ? error.message : String(error);
    const cause = (error as { cause?: unknown } | null)?.cause;
    const causeText =
      cause instanceof Error && cause.message !== message ? `: ${cause.message}` : '';
    text = `failed to start: ${message}${causeText}`;
  }
  for (const secret of secretsIn(env)) text = text.split(secret).join('***');
  return `sharebin: ${text.replace(/\s*\n\s*/g, ' ').trim()}\n`;
}
