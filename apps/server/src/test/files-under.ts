import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file below `folder` (a local storage's `.tmp` and `.multipart` included); none if absent. */
export function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
