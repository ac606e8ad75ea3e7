import {
  type FileContentLinks,
  type FileList,
  type FileShare,
  normalizeMediaType,
  type Principal,
  type PublicFile,
  servedMediaType,
  type updateFileShareRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import type { FileSharesTable } from '../shared/db.schema';
import { ownerTags } from '../shared/ownership';
import { createShareAccess } from '../shares/share-access';
import type { SharePasswordGuard } from '../shares/share-password';
import { remainingViews, shareAccessChanges, shareState } from '../shares/share-state';
import type { ShareTombstones } from '../shares/share-tombstones';
import { updateWithSlug } from '../shares/slugs';
import type { StorageUseCases } from '../storage/configs/storage.usecases';
import type { GetResult, StorageDriver } from '../storage/drivers/storage-driver';
import type { FileRecords } from './file-records';
import {
  fileAlreadyLive,
  fileExpired,
  fileNotFound,
  filePasswordRequired,
  fileSlugTaken,
  fileViewsExhausted,
  fileWrongPassword,
} from './files.errors';
import { accessScope, servedDirectly } from './files.models';
import type { FilesRepository } from './files.repository';

type UpdateInput = z.output<typeof updateFileShareRequestSchema>;

export interface FilesDeps {
  repository: FilesRepository;
  records: FileRecords;
  storage: Pick<StorageUseCases, 'deliveryOf'>;
  drivers: { forConfig(configId: string): Promise<StorageDriver> };
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  /** Counts views for the dashboard. */
  activity: ActivityLog;
}

/** File shares once they are live: what visitors open and what owners list, edit and delete. */
export function createFilesUseCases({
  repository,
  records,
  storage,
  drivers,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  activity,
}: FilesDeps) {
  const { requireOwned, discard, removeShares, settleDeleted } = records;
  const access = createShareAccess<FileSharesTable>({
    kind: 'file',
    find: repository.findLiveBySlug,
    countView: repository.countView,
    accessScope,
    errors: {
      notFound: fileNotFound,
      expired: fileExpired,
      exhausted: fileViewsExhausted,
      passwordRequired: filePasswordRequired,
      wrongPassword: fileWrongPassword,
    },
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity,
  });

  /** Addresses of the content with an access token that lasts as long as the storage's URLs. */
  async function contentLinks(row: FileSharesTable): Promise<FileContentLinks> {
    const { urlExpirySeconds } = await storage.deliveryOf(row.storage_config_id);
    const token = accessTokens.issue(accessScope(row), urlExpirySeconds * 1000);
    const content = `/api/public/files/${encodeURIComponent(row.slug)}/content?token=${encodeURIComponent(token)}`;
    return { preview_url: content, download_url: `${content}&download=1` };
  }

  async function publicView(row: FileSharesTable): Promise<PublicFile> {
    return {
      slug: row.slug,
      requires_password: false,
      filename: row.filename,
      mimetype: row.mimetype,
      size: row.size,
      created_at: new Date(row.created_at).toISOString(),
      expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      views: row.views,
      remaining_views: remainingViews(row),
      ...(await contentLinks(row)),
    };
  }

  return {
    /** Dashboard: how many live file shares there are. */
    stats: async () => ({ count: await repository.countLive() }),

    async list(
      principal: Principal,
      query: { limit: number; offset: number; search?: string | undefined },
    ): Promise<FileList> {
      const { rows, total } = await repository.list({ ...query, createdBy: ownerTags(principal) });
      return {
        items: await records.describeShares(rows),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    get: async (principal: Principal, id: string) =>
      records.describeShare(await requireOwned(principal, id)),

    /** The owner's look at the content (admin preview): no password, and no view counted. */
    async ownerContentLinks(principal: Principal, id: string): Promise<FileContentLinks> {
      const row = await requireOwned(principal, id);
      if (row.status !== 'live') throw fileNotFound();
      return contentLinks(row);
    },

    async update(principal: Principal, id: string, input: UpdateInput): Promise<FileShare> {
      await requireOwned(principal, id);
      const { password, expires_in, ...rest } = input;
      const now = clock.now();
      const changes = {
        ...rest,
        ...(await shareAccessChanges({ password, expires_in }, now, passwordGuard.hash)),
        updated_at: now,
      };
      await updateWithSlug(() => repository.update(id, changes), fileSlugTaken);
      return records.describeShare(await requireOwned(principal, id));
    },

    /**
     * Deleting a share deletes its object too (an upload in progress is aborted). The clean-up
     * of a failed upload (`uploadingOnly`) must not take a share whose commit succeeded and only
     * its answer got lost: the record goes only while still uploading, in one conditional delete.
     */
    async remove(
      principal: Principal,
      id: string,
      { uploadingOnly = false }: { uploadingOnly?: boolean } = {},
    ): Promise<void> {
      const row = await requireOwned(principal, id);
      if (!uploadingOnly) {
        await discard(row);
        await settleDeleted([row]);
        return;
      }
      if ((await removeShares([row], { onlyUploading: true })).length === 0) {
        throw (await repository.findById(row.id)) ? fileAlreadyLive() : fileNotFound();
      }
    },

    async removeMany(principal: Principal, ids: string[]) {
      const rows = await removeShares(await repository.findManyOwned(ids, ownerTags(principal)));
      await settleDeleted(rows);
      return { deleted: rows.length };
    },

    /** A visitor opens a share: counted; a protected one answers only that it needs a password. */
    async view(slug: string): Promise<PublicFile> {
      const counted = await repository.countView({ slug, now: clock.now(), passwordless: true });
      if (counted) {
        activity.record('views');
        return publicView(counted);
      }
      const row = await repository.findLiveBySlug(slug);
      if (row && row.password_hash !== null && shareState(row, clock.now()) === 'live') {
        return { slug, requires_password: true };
      }
      return access.refusal(slug, true);
    },

    verify: async (slug: string, password: string, clientIp: string): Promise<PublicFile> =>
      publicView(await access.viewWith(slug, password, clientIp)),

    /**
     * The bytes of a share, for a holder of an access token: a presigned URL to send the browser
     * to when its storage serves downloads directly (see `servedDirectly`), else the object to
     * stream, with `range` picking the bytes once the size is known (HTTP Range header).
     */
    async content(input: {
      slug: string;
      /** From a view; without it the request counts as a view of its own (`password` if needed). */
      token?: string | undefined;
      password?: string | undefined;
      clientIp: string;
      download: boolean;
      range: (size: number) => { start: number; end: number } | undefined;
    }): Promise<{ redirect: string } | { share: FileSharesTable; object: GetResult }> {
      const row =
        input.token === undefined
          ? await access.viewWith(input.slug, input.password, input.clientIp)
          : await access.withToken(input.slug, input.token);
      const delivery = await storage.deliveryOf(row.storage_config_id);
      const driver = await drivers.forConfig(row.storage_config_id);
      const contentType = servedMediaType(
        normalizeMediaType(row.mimetype) ?? 'application/octet-stream',
      );
      // Browsers (with a token) may be sent to the bucket; a script's `curl -OJ` gets the bytes
      // here, under the share's file name, without having to follow a redirect.
      if (
        input.token !== undefined &&
        delivery.directDownloads &&
        servedDirectly(contentType, input.download)
      ) {
        const redirect = await driver.presignGet(row.storage_path, {
          // No longer than the share itself: a link handed on must not outlive it.
          expiresInSeconds: Math.max(
            1,
            Math.min(
              delivery.urlExpirySeconds,
              row.expires_at === null
                ? Number.POSITIVE_INFINITY
                : Math.ceil((row.expires_at - clock.now()) / 1000),
            ),
          ),
          downloadName: row.filename,
          contentType,
          inline: !input.download,
        });
        return { redirect };
      }
      const range = input.range(row.size);
      const object = await driver.get(row.storage_path, range ? { range } : undefined);
      return { share: row, object };
    },
  };
}

export type FilesUseCases = ReturnType<typeof createFilesUseCases>;
