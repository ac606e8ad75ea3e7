import { readPreference, writePreference } from '../../../app/preferences';
import { isTextEncoding, type TextEncoding } from './text-encoding';

/**
 * The encodings chosen for files' text previews, kept in local storage so a file opens again in
 * the encoding its reader picked. (Not in STORAGE_KEYS of packages/shared: a web-only choice.)
 */
const STORAGE_KEY = 'preview_encodings';
/** The most recent choices kept; older ones are forgotten. */
export const ENCODING_CHOICES_KEPT = 200;

type Choices = [id: string, encoding: TextEncoding][];

const isChoices = (value: unknown): value is Choices =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      isTextEncoding(entry[1]),
  );

const readChoices = (): Choices => readPreference(STORAGE_KEY, isChoices)?.value ?? [];

export function chosenEncoding(fileId: string): TextEncoding | null {
  return readChoices().find(([id]) => id === fileId)?.[1] ?? null;
}

/** Remembers the choice for the file, as the newest; the oldest beyond the limit go. */
export function chooseEncoding(fileId: string, encoding: TextEncoding): void {
  const others = readChoices().filter(([id]) => id !== fileId);
  const kept: Choices = [...others, [fileId, encoding]];
  writePreference(STORAGE_KEY, kept.slice(-ENCODING_CHOICES_KEPT));
}
