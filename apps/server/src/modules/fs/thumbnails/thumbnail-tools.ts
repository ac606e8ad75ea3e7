import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The optional programs thumbnails of other files than images are made with: `ffmpeg` (video
 * posters) and `pdftoppm` (poppler-utils: PDF first pages). Each is a command name looked up
 * on the PATH or a path; `off` (or a program not found) means no such thumbnails.
 */
export interface ThumbnailTools {
  ffmpeg: string;
  pdftoppm: string;
}

/** A tool that has not answered in this time is killed: a crafted file cannot hold a slot. */
export const TOOL_TIMEOUT_MS = 30_000;
/** A tool's picture larger than this is refused (a 512-pixel PNG is far smaller). */
const MAX_TOOL_OUTPUT_BYTES = 16 * 1024 * 1024;
/**
 * The address space a tool may take (`ulimit -v`): a crafted file that makes a decoder ask for
 * gigabytes fails instead of pushing the server out of memory. A 4K video's decoder with one
 * thread needs a few hundred MB.
 */
export const TOOL_MEMORY_LIMIT_MB = 1024;

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program a command names (a path, or a name on the PATH); null when there is none. */
export async function findProgram(command: string): Promise<string | null> {
  if (command === '' || command === 'off') return null;
  if (command.includes('/')) return (await isExecutable(command)) ? command : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, command);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * Runs a program to its end and answers what it wrote: `input` (if any) is its stdin. It fails
 * on a non-zero exit (with the end of its stderr), on a timeout (killed), and when its output
 * passes MAX_TOOL_OUTPUT_BYTES (killed). It runs within `memoryLimitMb` of address space, set
 * by the shell that starts it, and with none of the server's environment.
 */
export function runTool(
  program: string,
  args: string[],
  {
    input,
    timeoutMs = TOOL_TIMEOUT_MS,
    memoryLimitMb = TOOL_MEMORY_LIMIT_MB,
  }: { input?: Readable; timeoutMs?: number; memoryLimitMb?: number } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const limited = `ulimit -v ${Math.round(memoryLimitMb * 1024)} && exec "$0" "$@"`;
    const child = spawn('/bin/sh', ['-c', limited, program, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      // Nothing of the server's environment (its secrets, a proxy that would be sent the
      // loopback address): the PATH to find the program's own helpers, and a plain locale.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let failure: Error | null = null;
    const stop = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new Error(`${program} timed out`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > MAX_TOOL_OUTPUT_BYTES) stop(new Error(`${program} wrote too much`));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    // A program that stops reading early (it failed) closes its stdin: not our failure.
    child.stdin.on('error', () => {});
    if (input) {
      input.on('error', (error) => stop(error));
      input.pipe(child.stdin);
    } else child.stdin.end();
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      input?.destroy();
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`${program} exited with ${code}: ${stderr.trim()}`));
      else resolve(Buffer.concat(chunks));
    });
  });
}
