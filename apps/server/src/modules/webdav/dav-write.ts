import type { Readable } from 'node:stream';
import type { Principal, WebdavUploadMode } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { nameOfPath, parentPath } from '../fs/fs-entries.models';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { FsWriteUseCases } from '../fs/fs-write.usecases';
import type { FsCopyNowUseCases } from '../fs/transfers/fs-copy-now.usecases';
import { DavError, davConflict, davNotAllowed, davPreconditionFailed } from './dav.errors';
import type { Depth } from './dav-depth';
import { mtimeChange } from './dav-mtime';
import type { DavPaths } from './dav-paths';
import type { DavPropertiesRepository } from './dav-properties.repository';
import { DEAD_PROPERTY_LIMITS, proppatch } from './dav-proppatch';
import { entryOrNull } from './dav-read';

export interface DavWriteDeps {
  read: FsReadUseCases;
  write: FsWriteUseCases;
  copyNow: FsCopyNowUseCases;
  properties: DavPropertiesRepository;
  /** `mode`: SPEC §3 setting for how a PUT reaches S3 (`bodyLengthFor`). */
  uploadRules: () => Promise<{ maxBytes: number; mode: WebdavUploadMode }>;
  /** How this server's WebDAV hrefs read (its prefix). */
  paths: DavPaths;
}

/** The largest object one S3 PutObject may carry. */
export const SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3;

/**
 * Withholding the length makes S3 go multipart (5 MiB parts). `direct` and `proxy` both proxy,
 * as a WebDAV client cannot follow a presigned URL. No mode holds a body in memory.
 */
export function bodyLengthFor(mode: WebdavUploadMode, declared: number | undefined) {
  if (mode === 'multipart') return undefined;
  if (mode === 'auto' && declared !== undefined && declared > SINGLE_PUT_MAX_BYTES)
    return undefined;
  return declared;
}

const noParentFolder = (path: string) =>
  davConflict(`The folder ${parentPath(path)} does not exist`);

/** RFC 4918 §9.7.1 and §9.3.1: a resource is created only inside an existing collection. */
async function requireParentFolder(deps: DavWriteDeps, principal: Principal, path: string) {
  const parent = await entryOrNull(deps.read, principal, parentPath(path));
  if (!parent?.is_directory) throw noParentFolder(path);
}

export function createDavWrites(deps: DavWriteDeps) {
  const { read, write, copyNow, properties } = deps;

  return {
    /** 201 new, 204 replaced; in `multipart` mode even small bodies stream. */
    async put(
      principal: Principal,
      path: string,
      body: Readable,
      {
        size,
        contentType,
        mtime,
      }: { size: number | undefined; contentType: string | undefined; mtime: Date | null },
    ): Promise<Response> {
      if (path === '/') throw davNotAllowed('The root is a folder');
      // One lookup in the usual case; on refusal, 405 and 409 come first as for other methods.
      const target = await write.uploadTarget(principal, path).catch(async (error: unknown) => {
        // A storage that failed (a timeout) is not asked again.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const existing = await entryOrNull(read, principal, path);
        if (existing?.is_directory) throw davNotAllowed(`${path} is a folder`);
        if (!existing) await requireParentFolder(deps, principal, path);
        throw error;
      });
      const existing = target.found;
      if (existing?.isDirectory) throw davNotAllowed(`${path} is a folder`);
      if (!existing && !(await write.targetFolderExists(target))) throw noParentFolder(path);
      const { maxBytes, mode } = await deps.uploadRules();
      if (size !== undefined && size > maxBytes) {
        throw new DavError(413, `Files larger than ${maxBytes} bytes are refused`);
      }
      const stored = await write.upload(principal, parentPath(path), nameOfPath(path), body, {
        size: bodyLengthFor(mode, size),
        contentType,
        maxBytes,
        target,
      });
      const headers: Record<string, string> = {};
      if (stored.etag) headers.ETag = `"${stored.etag}"`;
      // Kept beside the resource's dead properties, within their limits.
      if (
        mtime &&
        stored.etag &&
        (await properties.apply(path, [mtimeChange(mtime, stored.etag)], DEAD_PROPERTY_LIMITS))
      ) {
        headers['X-OC-MTime'] = 'accepted';
      }
      return new Response(null, { status: existing ? 204 : 201, headers });
    },

    async mkcol(principal: Principal, path: string, hasBody: boolean): Promise<Response> {
      // RFC 4918 §9.3: a body we do not understand is refused, not ignored.
      if (hasBody) throw new DavError(415, 'MKCOL takes no body');
      if (await entryOrNull(read, principal, path)) throw davNotAllowed(`${path} already exists`);
      await requireParentFolder(deps, principal, path);
      await write.mkdir(principal, path);
      return new Response(null, { status: 201 });
    },

    async remove(principal: Principal, path: string): Promise<Response> {
      await write.remove(principal, path);
      await properties.remove(path);
      return new Response(null, { status: 204 });
    },

    async proppatch(principal: Principal, path: string, body: string): Promise<Response> {
      const entry = await read.get(principal, path);
      await write.checkWritable(principal, path);
      return proppatch(properties, deps.paths, path, entry.is_directory, body);
    },

    /** RFC 4918 §9.8, §9.9: `Overwrite: T` deletes the destination first, never merges. */
    async transfer(
      kind: 'copy' | 'move',
      principal: Principal,
      from: string,
      to: string,
      { overwrite, depth }: { overwrite: boolean; depth: Depth },
    ): Promise<Response> {
      if (from === to) throw new DavError(403, 'The source and the destination are the same');
      await read.get(principal, from);
      const existing = await entryOrNull(read, principal, to);
      if (existing && !overwrite) throw davPreconditionFailed(`${to} exists and Overwrite is F`);
      if (!existing) await requireParentFolder(deps, principal, to);
      if (existing) {
        await write.remove(principal, to);
        await properties.remove(to);
      }
      if (kind === 'move') {
        await copyNow.move(principal, from, to);
        await properties.move(from, to);
      } else {
        await copyNow.copy(principal, from, to, { recursive: depth !== '0' });
        await properties.copy(from, to);
      }
      return new Response(null, { status: existing ? 204 : 201 });
    },
  };
}

export type DavWrites = ReturnType<typeof createDavWrites>;
