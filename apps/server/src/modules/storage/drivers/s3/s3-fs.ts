import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { stripQuotes } from '../driver-arguments';
import * as port from '../fs-port';
import type { StorageDriver } from '../storage-driver';
import { FsConflictError, StorageBackendError } from '../storage-driver.errors';
import type { S3Context } from './s3-context';
import type { MultipartCopyOptions } from './s3-options';

/** S3 refuses CopyObject above 5 GiB; larger objects are copied part by part. */
export const COPY_OBJECT_MAX_BYTES = 5 * 1024 ** 3;
const COPY_PART_MIN_BYTES = 512 * 1024 ** 2;
const MAX_PARTS = 10_000;

export const DEFAULT_MULTIPART_COPY: MultipartCopyOptions = {
  thresholdBytes: COPY_OBJECT_MAX_BYTES,
  partBytes: COPY_PART_MIN_BYTES,
};

export interface S3FsContext extends Pick<S3Context, 'client' | 'bucket' | 'folder' | 'call'> {
  multipartCopy: MultipartCopyOptions;
}

type S3Fs = Pick<
  StorageDriver,
  'stat' | 'mkdir' | 'listDirectory' | 'deletePrefix' | 'move' | 'copyPrefix'
> & {
  /** Copies one object, by parts above the threshold. */
  copyObject(sourceKey: string, targetKey: string): Promise<void>;
  /** Removes the markers of folders that `keys` leaving emptied, as local removes directories. */
  pruneEmptyFolders(keys: string[]): Promise<void>;
};

const isMarker = (objectKey: string) => objectKey.endsWith('/');

/**
 * The file-system half of the S3 driver. A folder is a zero-byte `name/` marker or the keys
 * below it; folders of a whole prefix are copied and deleted object by object.
 */
export function createS3Fs(context: S3FsContext, self: () => StorageDriver): S3Fs {
  const { client, bucket, folder, call, multipartCopy } = context;
  const raw = (key: string) => folder + key;

  const listPage = (prefix: string, maxKeys: number, token?: string) =>
    call({}, () =>
      client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          MaxKeys: maxKeys,
          ContinuationToken: token,
        }),
      ),
    );

  async function* objectsUnder(prefix: string) {
    let token: string | undefined;
    do {
      const page = await listPage(prefix, 1000, token);
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const copySourceOf = (objectKey: string) =>
    // CopySource is sent as a header the SDK does not encode; segments must be URL-encoded.
    `${bucket}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;

  async function copyByParts(source: string, target: string, size: number, key: string) {
    const head = await call({ key }, () =>
      client.send(new HeadObjectCommand({ Bucket: bucket, Key: source })),
    );
    const created = await call({ key }, () =>
      client.send(
        new CreateMultipartUploadCommand({
          Bucket: bucket,
          Key: target,
          ContentType: head.ContentType,
        }),
      ),
    );
    const UploadId = created.UploadId;
    if (!UploadId) throw new StorageBackendError('S3 returned no upload id');
    const partBytes = Math.max(multipartCopy.partBytes, Math.ceil(size / MAX_PARTS));
    try {
      const parts: { PartNumber: number; ETag: string }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += partBytes, PartNumber++) {
        const end = Math.min(start + partBytes, size) - 1;
        const output = await call({ key, uploadId: UploadId }, () =>
          client.send(
            new UploadPartCopyCommand({
              Bucket: bucket,
              Key: target,
              UploadId,
              PartNumber,
              CopySource: copySourceOf(source),
              CopySourceRange: `bytes=${start}-${end}`,
            }),
          ),
        );
        const etag = output.CopyPartResult?.ETag;
        if (!etag) throw new StorageBackendError('S3 copied a part without an ETag');
        parts.push({ PartNumber, ETag: `"${stripQuotes(etag)}"` });
      }
      await call({ key, uploadId: UploadId }, () =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: target,
            UploadId,
            MultipartUpload: { Parts: parts },
          }),
        ),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId }))
        .catch(() => {}); // the stale-upload job sweeps what an abort could not
      throw error;
    }
  }

  /** `size` when the caller knows it from a listing; else one HEAD finds it. */
  async function copyRaw(source: string, target: string, key: string, size?: number) {
    const known =
      size ??
      (
        await call({ key }, () =>
          client.send(new HeadObjectCommand({ Bucket: bucket, Key: source })),
        )
      ).ContentLength ??
      0;
    if (known > multipartCopy.thresholdBytes) return copyByParts(source, target, known, key);
    await call({ key }, () =>
      client.send(
        new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: copySourceOf(source) }),
      ),
    );
  }

  /** Copies every object under the folder, markers too; answers the files (not markers). */
  async function copyFolder(sourceKey: string, targetKey: string): Promise<number> {
    const sourcePrefix = `${raw(sourceKey)}/`;
    const targetPrefix = `${raw(targetKey)}/`;
    let files = 0;
    for await (const object of objectsUnder(sourcePrefix)) {
      const target = targetPrefix + object.key.slice(sourcePrefix.length);
      await copyRaw(object.key, target, sourceKey, object.size);
      if (!isMarker(object.key)) files++;
    }
    return files;
  }

  /** Deletes a page at a time from the start, so no continuation token outlives a deletion. */
  async function deleteFolder(key: string): Promise<number> {
    let files = 0;
    for (;;) {
      const page = await listPage(`${raw(key)}/`, 1000);
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length === 0) return files;
      const output = await call({}, () =>
        client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      if (output.Errors?.length) {
        throw new StorageBackendError(`S3 could not delete ${output.Errors.length} object(s)`);
      }
      files += keys.filter((objectKey) => !isMarker(objectKey)).length;
    }
  }

  async function pruneAbove(key: string): Promise<void> {
    for (const ancestor of port.ancestorsOf(key).reverse()) {
      const marker = `${raw(ancestor)}/`;
      const page = await listPage(marker, 2);
      const keys = (page.Contents ?? []).map((object) => object.Key);
      if (keys.some((objectKey) => objectKey !== marker)) return;
      if (keys.length === 1) {
        await call({}, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: marker })));
      }
    }
  }

  const fs: S3Fs = {
    async stat(key) {
      port.assertFolderKey(key);
      if (key === '') return port.folderEntry('');
      const file = await self().head(key);
      if (file) return port.fileEntry(file);
      const page = await listPage(`${raw(key)}/`, 1);
      return (page.KeyCount ?? page.Contents?.length ?? 0) > 0 ? port.folderEntry(key) : null;
    },

    async mkdir(key) {
      await port.assertCanMakeFolder(self(), key);
      await call({ key }, () =>
        client.send(
          new PutObjectCommand({ Bucket: bucket, Key: `${raw(key)}/`, Body: '', ContentLength: 0 }),
        ),
      );
    },

    listDirectory: (key, options) => port.listDirectoryVia(self(), key, options),

    async deletePrefix(key) {
      port.assertDeletableFolder(key);
      const files = await deleteFolder(key);
      await pruneAbove(key);
      return files;
    },

    async move(sourceKey, targetKey) {
      const entry = await port.assertCanTransfer(self(), sourceKey, targetKey);
      if (!entry.isDirectory) {
        await fs.copyObject(sourceKey, targetKey);
        await self().delete(sourceKey);
        return;
      }
      await copyFolder(sourceKey, targetKey);
      await fs.deletePrefix(sourceKey);
    },

    async copyPrefix(sourceKey, targetKey) {
      const entry = await port.assertCanTransfer(self(), sourceKey, targetKey);
      if (!entry.isDirectory) throw new FsConflictError(sourceKey, 'not_a_directory');
      return copyFolder(sourceKey, targetKey);
    },

    copyObject: (sourceKey, targetKey) => copyRaw(raw(sourceKey), raw(targetKey), sourceKey),

    async pruneEmptyFolders(keys) {
      // One key per parent folder is enough: its siblings have the same folders above them.
      const byParent = new Map(keys.map((key) => [key.slice(0, key.lastIndexOf('/') + 1), key]));
      byParent.delete('');
      for (const key of byParent.values()) await pruneAbove(key);
    },
  };
  return fs;
}
