import { Navigate, useLocation } from 'react-router';
import { ShareUnavailable, ShareViewRoute, ShareViewShell } from '../../shares';
import { shareHref, sharePathFromLocation } from '../fs-share.paths';
import { FileShareView } from '../visit/FileShareView';
import { FolderShareView } from '../visit/FolderShareView';
import { type ShareAccess, useShareAccess } from '../visit/share-visit.hooks';

/** The share once it may be shown: a folder at the address's path, or the file. */
function ShareContent({ slug, access }: { slug: string; access: ShareAccess }) {
  const { pathname } = useLocation();
  const share = access.info.data;
  if (!share?.kind) return null;
  const path = sharePathFromLocation(pathname, slug);
  if (share.kind === 'file') {
    // A file has no folders: an address below it leads to the file.
    return path === '/' ? (
      <FileShareView slug={slug} share={share} access={access} />
    ) : (
      <Navigate to={shareHref(slug)} replace />
    );
  }
  if (path === null) return <ShareUnavailable kind="fs" reason="notFound" />;
  return <FolderShareView slug={slug} share={share} access={access} path={path} />;
}

function FsShareViewer({ slug }: { slug: string }) {
  const access = useShareAccess(slug);
  const share = access.info.data;
  const locked = share?.requires_password === true;
  const content = share && !locked ? <ShareContent slug={slug} access={access} /> : null;
  return (
    <ShareViewShell
      kind="fs"
      view={access.info}
      unlock={access.verify}
      locked={locked}
      content={content}
    />
  );
}

/**
 * /s/{slug} and /s/{slug}/{folder...}: a mounted file or folder shared by link, behind its
 * password when it has one. A folder is browsed read only, its address following the folder.
 */
export default function FsSharePage() {
  return <ShareViewRoute kind="fs" viewer={FsShareViewer} />;
}
