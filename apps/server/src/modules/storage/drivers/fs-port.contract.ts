import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FsEntry, StorageDriver } from './storage-driver';
import { FsConflictError, InvalidKeyError, ObjectNotFoundError } from './storage-driver.errors';

const bodyOf = (text: string) => Readable.from([Buffer.from(text)]);

async function readText(driver: StorageDriver, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await driver.get(key)).body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const summary = (entries: FsEntry[]) =>
  entries.map((entry) => `${entry.name}${entry.isDirectory ? '/' : ''}`);

/**
 * The directory semantics of the file-system port, the same on every driver and every view
 * (ARCHITECTURE §8). Each test works under a folder of its own.
 */
export function describeFsPort(subject: () => StorageDriver): void {
  describe('file-system port', () => {
    const put = (key: string, text = key) =>
      subject().put(key, bodyOf(text), { contentLength: Buffer.byteLength(text) });

    async function names(key: string, limit?: number): Promise<string[]> {
      const all: FsEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await subject().listDirectory(key, { cursor, limit });
        all.push(...page.entries);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return summary(all);
    }

    async function expectConflict(run: Promise<unknown>, reason: FsConflictError['reason']) {
      const error = await run.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FsConflictError);
      expect(error).toMatchObject({ code: 'storage.fs_conflict', reason });
    }

    it('stats the root, files, folders implied by a file, and nothing', async () => {
      const driver = subject();
      await put('fs-stat/docs/a.txt', 'hello');
      expect(await driver.stat('')).toMatchObject({ key: '', isDirectory: true });
      expect(await driver.stat('fs-stat/docs/a.txt')).toMatchObject({
        key: 'fs-stat/docs/a.txt',
        name: 'a.txt',
        isDirectory: false,
        size: 5,
      });
      expect(await driver.stat('fs-stat/docs')).toMatchObject({
        key: 'fs-stat/docs',
        name: 'docs',
        isDirectory: true,
        size: 0,
      });
      expect(await driver.stat('fs-stat/doc')).toBeNull();
      expect(await driver.stat('fs-stat/docs/a.txt/deeper')).toBeNull();
    });

    it('makes empty folders, with their parents, that stat and list on every driver', async () => {
      const driver = subject();
      await driver.mkdir('fs-mkdir/one/two');
      await driver.mkdir('fs-mkdir/one/two'); // idempotent
      expect(await driver.stat('fs-mkdir/one/two')).toMatchObject({ isDirectory: true });
      expect(await names('fs-mkdir')).toEqual(['one/']);
      expect(await names('fs-mkdir/one')).toEqual(['two/']);
      expect(await names('fs-mkdir/one/two')).toEqual([]);
      // The marker of a folder is never one of its files.
      await put('fs-mkdir/one/two/f.txt');
      expect(await names('fs-mkdir/one/two')).toEqual(['f.txt']);
    });

    it('refuses a folder where a file is, or below a file, and writes nothing', async () => {
      const driver = subject();
      await put('fs-mkdir-bad/file.txt');
      await expectConflict(driver.mkdir('fs-mkdir-bad/file.txt'), 'file_exists');
      await expectConflict(driver.mkdir('fs-mkdir-bad/file.txt/sub/deeper'), 'parent_is_file');
      expect(await driver.stat('fs-mkdir-bad/file.txt')).toMatchObject({ isDirectory: false });
      expect(await names('fs-mkdir-bad')).toEqual(['file.txt']);
      await expect(driver.mkdir('fs-mkdir-bad/../x')).rejects.toBeInstanceOf(InvalidKeyError);
    });

    it('lists direct children in byte order, folders sorting as `name/`, page by page', async () => {
      await put('fs-list/b.txt');
      await put('fs-list/a-b');
      await put('fs-list/a/inner.txt');
      await put('fs-list/a/deeper/x.txt');
      await subject().mkdir('fs-list/empty');
      const expected = ['a-b', 'a/', 'b.txt', 'empty/'];
      expect(await names('fs-list')).toEqual(expected);
      expect(await names('fs-list', 1)).toEqual(expected);
      expect(await names('fs-list/a')).toEqual(['deeper/', 'inner.txt']);
      const [file] = (await subject().listDirectory('fs-list/a')).entries.slice(1);
      expect(file).toMatchObject({
        key: 'fs-list/a/inner.txt',
        size: 'fs-list/a/inner.txt'.length,
      });
      expect(file?.lastModified).toBeInstanceOf(Date);
    });

    it('refuses to list a missing folder or a file', async () => {
      await put('fs-list-bad/file.txt');
      await expect(subject().listDirectory('fs-list-bad/nothing')).rejects.toBeInstanceOf(
        ObjectNotFoundError,
      );
      await expectConflict(subject().listDirectory('fs-list-bad/file.txt'), 'not_a_directory');
    });

    it('forgets a folder once its last file is deleted, made by mkdir or not', async () => {
      const driver = subject();
      await driver.mkdir('fs-empty/made/inside');
      await put('fs-empty/made/inside/f.txt');
      await put('fs-empty/implied/f.txt');
      await put('fs-empty/keep.txt');
      await driver.delete('fs-empty/made/inside/f.txt');
      await driver.deleteMany(['fs-empty/implied/f.txt']);
      expect(await driver.stat('fs-empty/made')).toBeNull();
      expect(await driver.stat('fs-empty/implied')).toBeNull();
      expect(await names('fs-empty')).toEqual(['keep.txt']);
    });

    it('deletes a whole folder, counts its files, and spares look-alike neighbours', async () => {
      const driver = subject();
      await put('fs-del/a/1.txt');
      await put('fs-del/a/sub/2.txt');
      await driver.mkdir('fs-del/a/empty');
      await put('fs-del/ab.txt');
      await put('fs-del/a-b/3.txt');
      expect(await driver.deletePrefix('fs-del/a')).toBe(2);
      expect(await driver.stat('fs-del/a')).toBeNull();
      expect(await driver.stat('fs-del/a/sub/2.txt')).toBeNull();
      expect(await names('fs-del')).toEqual(['a-b/', 'ab.txt']);
      expect(await driver.deletePrefix('fs-del/missing')).toBe(0);
      await expect(driver.deletePrefix('')).rejects.toMatchObject({
        code: 'storage.invalid_key',
        reason: 'empty',
      });
      expect(await names('fs-del')).toEqual(['a-b/', 'ab.txt']);
    });

    it('moves a file and leaves no emptied folder behind', async () => {
      const driver = subject();
      await put('fs-mv-file/from/a.txt', 'moved bytes');
      await driver.move('fs-mv-file/from/a.txt', 'fs-mv-file/to/deep/b.txt');
      expect(await readText(driver, 'fs-mv-file/to/deep/b.txt')).toBe('moved bytes');
      expect(await driver.head('fs-mv-file/from/a.txt')).toBeNull();
      expect(await names('fs-mv-file')).toEqual(['to/']);
    });

    /** A file, a subfolder with a file, and an empty folder: every kind of child. */
    const TREE = ['a.txt', 'empty/', 'sub/'];
    async function makeTree(folder: string) {
      await put(`${folder}/a.txt`, 'a');
      await put(`${folder}/sub/b.txt`, 'b');
      await subject().mkdir(`${folder}/empty`);
    }

    it('moves a folder with everything under it, empty folders too', async () => {
      await makeTree('fs-mv-dir/src');
      await subject().move('fs-mv-dir/src', 'fs-mv-dir/dst');
      expect(await subject().stat('fs-mv-dir/src')).toBeNull();
      expect(await names('fs-mv-dir/dst')).toEqual(TREE);
      expect(await readText(subject(), 'fs-mv-dir/dst/sub/b.txt')).toBe('b');
    });

    it('refuses a move into itself, onto an entry, below a file or from nothing', async () => {
      const driver = subject();
      await put('fs-mv-bad/dir/a.txt', 'a');
      await put('fs-mv-bad/other.txt', 'other');
      await expectConflict(driver.move('fs-mv-bad/dir', 'fs-mv-bad/dir/inner'), 'into_itself');
      await expectConflict(driver.move('fs-mv-bad/dir', 'fs-mv-bad/dir'), 'into_itself');
      await expectConflict(
        driver.move('fs-mv-bad/dir/a.txt', 'fs-mv-bad/other.txt'),
        'target_exists',
      );
      await expectConflict(driver.move('fs-mv-bad/dir', 'fs-mv-bad/other.txt/x'), 'parent_is_file');
      await expect(driver.move('fs-mv-bad/none', 'fs-mv-bad/x')).rejects.toBeInstanceOf(
        ObjectNotFoundError,
      );
      expect(await readText(driver, 'fs-mv-bad/other.txt')).toBe('other');
      expect(await names('fs-mv-bad')).toEqual(['dir/', 'other.txt']);
      expect(await names('fs-mv-bad/dir')).toEqual(['a.txt']);
    });

    it('copies a folder, keeping the source, and refuses a file or a taken target', async () => {
      const driver = subject();
      await makeTree('fs-cp/src');
      expect(await driver.copyPrefix('fs-cp/src', 'fs-cp/dst')).toBe(2);
      expect(await names('fs-cp/src')).toEqual(TREE);
      expect(await names('fs-cp/dst')).toEqual(TREE);
      expect(await readText(driver, 'fs-cp/dst/sub/b.txt')).toBe('b');
      await expectConflict(driver.copyPrefix('fs-cp/src/a.txt', 'fs-cp/file'), 'not_a_directory');
      await expectConflict(driver.copyPrefix('fs-cp/src', 'fs-cp/dst'), 'target_exists');
      await expectConflict(driver.copyPrefix('fs-cp/src', 'fs-cp/src/sub/x'), 'into_itself');
      expect(await driver.stat('fs-cp/file')).toBeNull();
    });
  });
}
