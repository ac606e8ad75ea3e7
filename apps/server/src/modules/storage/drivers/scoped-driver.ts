import type { Readable } from 'node:stream';
import { assertValidKey, assertValidPrefix, discardBody } from './driver-arguments';
import { folderEntry } from './fs-port';
import type { FsEntry, ObjectInfo, StorageDriver } from './storage-driver';
import {
  ObjectNotFoundError,
  ReadOnlyStorageError,
  StorageDriverError,
} from './storage-driver.errors';

export interface ScopeOptions {
  /** The folder of the underlying storage that is this view's root (`a/b`, `''`: all of it). */
  prefix: string;
  readOnly?: boolean;
}

/**
 * A view of a driver whose keys live under `prefix`: what a mount is. View keys are validated
 * before the prefix goes on (no `..`, no leading `/`), so none can name anything outside it;
 * keys coming back lose the prefix. A read-only view refuses every write with
 * ReadOnlyStorageError before the backend is touched. Closing a view leaves the driver open:
 * the storage resolver owns it.
 */
export function scoped(driver: StorageDriver, { prefix, readOnly = false }: ScopeOptions) {
  if (prefix !== '') assertValidKey(prefix);
  const base = prefix === '' ? '' : `${prefix}/`;
  /** A view key (never the root) as a key of the driver. */
  const inner = (key: string) => {
    assertValidKey(key);
    return base + key;
  };
  /** A view folder key, `''` being the view's root. */
  const innerFolder = (key: string) => (key === '' ? prefix : inner(key));
  const innerPrefix = (listPrefix: string) => {
    assertValidPrefix(listPrefix);
    return base + listPrefix;
  };
  const outer = (key: string) => key.slice(base.length);
  const outerInfo = <T extends ObjectInfo | FsEntry>(info: T): T => ({
    ...info,
    key: outer(info.key),
  });
  const write = (operation: string) => {
    if (readOnly) throw new ReadOnlyStorageError(operation);
  };
  const withoutBody = (operation: string, body: Readable) => {
    try {
      write(operation);
    } catch (error) {
      discardBody(body);
      throw error;
    }
  };

  const view: StorageDriver = {
    capabilities: { ...driver.capabilities, readOnly: readOnly || driver.capabilities.readOnly },

    async put(key, body, options) {
      withoutBody('put', body);
      return driver.put(inner(key), body, options);
    },
    async get(key, options) {
      const result = await driver.get(inner(key), options);
      return { ...result, info: outerInfo(result.info) };
    },
    async head(key) {
      const info = await driver.head(inner(key));
      return info && outerInfo(info);
    },
    async delete(key) {
      write('delete');
      await driver.delete(inner(key));
    },
    async deleteMany(keys) {
      write('delete');
      await driver.deleteMany(keys.map(inner));
    },
    async list(listPrefix, options) {
      const page = await driver.list(innerPrefix(listPrefix), options);
      return {
        objects: page.objects.map(outerInfo),
        prefixes: page.prefixes.map(outer),
        nextCursor: page.nextCursor,
      };
    },
    async copy(sourceKey, targetKey) {
      write('copy');
      await driver.copy(inner(sourceKey), inner(targetKey));
    },
    async presignPut(key, options) {
      write('presignPut');
      return driver.presignPut(inner(key), options);
    },
    presignGet: async (key, options) => driver.presignGet(inner(key), options),
    async createMultipart(key, options) {
      write('createMultipart');
      return driver.createMultipart(inner(key), options);
    },
    async presignPart(key, uploadId, partNumber, expiresInSeconds, contentLength) {
      write('presignPart');
      return driver.presignPart(inner(key), uploadId, partNumber, expiresInSeconds, contentLength);
    },
    async uploadPart(key, uploadId, partNumber, body, contentLength) {
      withoutBody('uploadPart', body);
      return driver.uploadPart(inner(key), uploadId, partNumber, body, contentLength);
    },
    listParts: async (key, uploadId) => driver.listParts(inner(key), uploadId),
    async completeMultipart(key, uploadId, parts) {
      write('completeMultipart');
      return driver.completeMultipart(inner(key), uploadId, parts);
    },
    async abortMultipart(key, uploadId) {
      write('abortMultipart');
      await driver.abortMultipart(inner(key), uploadId);
    },
    async listMultipartUploads(listPrefix = '') {
      const uploads = await driver.listMultipartUploads(innerPrefix(listPrefix));
      return uploads.map((upload) => ({ ...upload, key: outer(upload.key) }));
    },
    // Temp files belong to the whole storage; sweeping them is the storage's job, not a view's.
    removeStaleTemporaryFiles: async () => 0,
    close: async () => {},

    async stat(key) {
      // The view's root exists for the view even before anything is stored under it.
      if (key === '') return folderEntry('');
      const entry = await driver.stat(inner(key));
      return entry && outerInfo(entry);
    },
    async mkdir(key) {
      write('mkdir');
      await driver.mkdir(inner(key));
    },
    async listDirectory(key, options) {
      try {
        const page = await driver.listDirectory(innerFolder(key), options);
        return { entries: page.entries.map(outerInfo), nextCursor: page.nextCursor };
      } catch (error) {
        // The view's root may not exist yet on the storage; for the view it is there, empty.
        if (key === '' && error instanceof ObjectNotFoundError) {
          return { entries: [], nextCursor: null };
        }
        throw error;
      }
    },
    async deletePrefix(key) {
      write('deletePrefix');
      return driver.deletePrefix(inner(key));
    },
    async move(sourceKey, targetKey) {
      write('move');
      await driver.move(inner(sourceKey), inner(targetKey));
    },
    async copyPrefix(sourceKey, targetKey) {
      write('copyPrefix');
      return driver.copyPrefix(inner(sourceKey), inner(targetKey));
    },
  };
  // Errors name keys as the view knows them: a mount must not reveal where it sits.
  const toViewError = (error: unknown) => {
    if (error instanceof StorageDriverError && 'key' in error && typeof error.key === 'string') {
      const innerKey = error.key;
      const viewKey = innerKey.startsWith(base)
        ? outer(innerKey)
        : innerKey === prefix
          ? ''
          : innerKey;
      Object.defineProperty(error, 'key', { value: viewKey });
      error.message = error.message.split(`"${innerKey}"`).join(`"${viewKey}"`);
    }
    return error;
  };
  for (const [name, method] of Object.entries(view)) {
    if (typeof method !== 'function') continue;
    Object.assign(view, {
      [name]: async (...args: unknown[]) => {
        try {
          return await method(...args);
        } catch (error) {
          throw toViewError(error);
        }
      },
    });
  }
  return view;
}
