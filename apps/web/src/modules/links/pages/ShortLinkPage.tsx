import { ShareViewRoute, ShareViewShell } from '../../shares';
import { LeavingForTarget } from '../visit/LeavingForTarget';
import { OpenLinkPrompt } from '../visit/OpenLinkPrompt';
import { useShortLinkVisit } from '../visit/short-link-visit.hooks';

function ShortLinkViewer({ slug }: { slug: string }) {
  const { info, unlock, follow, target } = useShortLinkVisit(slug);
  const locked = info.data?.requires_password === true;
  let content = null;
  if (target) content = <LeavingForTarget url={target} />;
  else if (info.data && !locked) content = <OpenLinkPrompt follow={follow} />;
  return (
    <ShareViewShell kind="link" view={info} unlock={unlock} locked={locked} content={content} />
  );
}

/**
 * /l/{slug} when the server did not send the visitor on at once: the password prompt of a
 * protected link, then its address; why a link that is expired, used up or unknown leads
 * nowhere.
 */
export default function ShortLinkPage() {
  return <ShareViewRoute kind="link" viewer={ShortLinkViewer} />;
}
