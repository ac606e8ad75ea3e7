import { ConfigError } from '../../app/config';
import { formatStartupFailure, StartupError } from '../shared/startup-error';
import { BackupError } from './backup-format';

/**
 * Runs a command-line tool: a failure is one `sharebin: …` line on stderr (secrets of the
 * environment masked), the usage after a wrong argument, and exit code 1.
 */
export function runCli(main: () => Promise<void>, usage: string): void {
  main().catch((error: unknown) => {
    const expected =
      error instanceof BackupError || error instanceof ConfigError || error instanceof StartupError;
    process.stderr.write(
      formatStartupFailure(error, process.env, expected).replace('failed to start', 'failed'),
    );
    if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(usage);
    }
    process.exit(1);
  });
}

export const print = (line: string) => void process.stdout.write(`${line}\n`);
