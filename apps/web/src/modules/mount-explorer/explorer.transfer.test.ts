import {
  FS_CONFLICT_MODES,
  fsExtractRequestSchema,
  fsTransferRequestSchema,
  type Principal,
} from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { mountExplorerEnUS } from '../../i18n/mount-explorer.en-US';
import { mountExplorerZhCN } from '../../i18n/mount-explorer.zh-CN';
import { canWriteSomewhere } from './explorer.format';
import { extractionPath, extractionTarget } from './explorer.paths';
import { transferBody } from './fs.api';

const items = [{ sourcePath: '/docs/a.txt', targetPath: '/docs/b/a.txt' }];

describe('copy and move conflicts', () => {
  it('sends every conflict mode the API has, as the API reads it', () => {
    for (const mode of FS_CONFLICT_MODES) {
      expect(fsTransferRequestSchema.parse(transferBody(items, mode))).toEqual({
        items: [{ sourcePath: '/docs/a.txt', targetPath: '/docs/b', name: 'a.txt' }],
        conflict: mode,
      });
    }
  });

  it('words every conflict mode, with what it does, in both languages', () => {
    for (const dictionary of [mountExplorerEnUS, mountExplorerZhCN]) {
      const words: Record<string, string> = dictionary.transfer.conflict;
      for (const mode of FS_CONFLICT_MODES) {
        expect(words[mode]).toBeTruthy();
        expect(words[`${mode}Hint`]).toBeTruthy();
      }
    }
    expect(mountExplorerZhCN.transfer.conflict.rename).not.toBe(
      mountExplorerEnUS.transfer.conflict.rename,
    );
  });
});

describe('who has anywhere to copy to', () => {
  const key = (mountReadOnly: boolean, mount = true): Principal => ({
    type: 'apikey',
    id: 'k1',
    name: 'key',
    basicPath: '/docs',
    permissions: { text: false, file: false, mount },
    mountReadOnly,
  });

  it('the admin and a key that may write', () => {
    expect(canWriteSomewhere({ type: 'admin', id: 'admin', name: 'Administrator' })).toBe(true);
    expect(canWriteSomewhere(key(false))).toBe(true);
  });

  it('not a read-only key, nor a key without mount permission, nor a visitor', () => {
    expect(canWriteSomewhere(key(true))).toBe(false);
    expect(canWriteSomewhere(key(false, false))).toBe(false);
    expect(canWriteSomewhere({ type: 'none' })).toBe(false);
  });
});

describe('extracting an archive', () => {
  it('sends the folder beside the archive, or the one picked, with every conflict mode', () => {
    const beside = extractionTarget('/m/docs/photos.zip');
    for (const mode of FS_CONFLICT_MODES) {
      const body = {
        path: '/m/docs/photos.zip',
        targetPath: extractionPath(beside.folder, beside.name),
        conflict: mode,
      };
      expect(fsExtractRequestSchema.parse(body)).toEqual({ ...body, targetPath: '/m/docs/photos' });
    }
    expect(extractionPath('/m/backup', '  2024 ')).toBe('/m/backup/2024');
    // No name: straight into the folder picked.
    expect(extractionPath('/m/backup', ' ')).toBe('/m/backup');
  });
});
