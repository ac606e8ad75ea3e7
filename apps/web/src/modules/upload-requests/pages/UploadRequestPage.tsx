import { ShareViewRoute, ShareViewShell } from '../../shares';
import { UploadRequestView } from '../visit/UploadRequestView';
import { useRequestAccess } from '../visit/use-request-access';

function UploadRequestVisit({ slug }: { slug: string }) {
  const access = useRequestAccess(slug);
  const request = access.info.data;
  const locked = request?.requires_password === true;
  const content =
    request && !locked ? (
      <UploadRequestView slug={slug} request={request} token={access.token} />
    ) : null;
  return (
    <ShareViewShell
      kind="uploadRequest"
      view={access.info}
      unlock={access.verify}
      locked={locked}
      content={content}
    />
  );
}

/**
 * /r/{slug}: a link through which anyone sends files into its owner's folder, behind its
 * password when it has one. Expired, full and closed requests explain themselves.
 */
export default function UploadRequestPage() {
  return <ShareViewRoute kind="uploadRequest" viewer={UploadRequestVisit} />;
}
