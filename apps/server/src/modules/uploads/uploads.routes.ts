import type { AnyRoute, RouteAuth } from '../../app/route';
import type { FsWriteUseCases } from '../fs/fs-write.usecases';
import { mountUploadRoutes } from './mount-target/mount-upload.routes';
import type { MountUploads } from './mount-target/mount-uploads.usecases';
import { shareUploadRoutes } from './share-target/share-upload.routes';
import type { ShareUploads } from './share-target/share-uploads.usecases';
import { createUrlUploadRoutes } from './url/url-upload.routes';
import type { UrlUploadUseCases } from './url/url-upload.usecases';

/** Every way bytes come in: into a new file share, into a mounted folder, or from a URL. */
export function createUploadRoutes({
  shareUploads,
  mountUploads,
  write,
  urls,
  maxUploadBytes,
}: {
  shareUploads: ShareUploads;
  mountUploads: MountUploads;
  /** A form upload into a mount is a plain streamed write. */
  write: Pick<FsWriteUseCases, 'upload'>;
  urls: UrlUploadUseCases;
  maxUploadBytes: () => Promise<number>;
}): AnyRoute[] {
  const mountUser: RouteAuth = { permission: 'mount' };
  return [
    ...shareUploadRoutes(shareUploads),
    ...mountUploadRoutes('/admin/fs', 'admin', mountUploads, write, maxUploadBytes),
    ...mountUploadRoutes('/user/fs', mountUser, mountUploads, write, maxUploadBytes),
    ...createUrlUploadRoutes({ urls, uploads: shareUploads }),
  ];
}
