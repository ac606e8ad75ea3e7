import type { ShortLink } from '@sharebin/shared';
import { type ModalState, ShareEditModal } from '../../management';
import { linkChanges } from '../link-form';
import { useUpdateShortLink } from '../links.hooks';
import { useLinkForm } from '../use-link-form';
import { LinkUrlInput } from './LinkUrlInput';

/**
 * Edits a short link: where it leads, then the settings every share has (suffix, password,
 * expiry, visit limit and remark). Only what changed is sent; a failure keeps the form open
 * with its reasons.
 */
export function ShortLinkEditModal({ link, ...modal }: { link: ShortLink | null } & ModalState) {
  const update = useUpdateShortLink();
  const form = useLinkForm({ source: link, opened: modal.opened });
  return (
    <ShareEditModal ns="links" form={form} changes={linkChanges} update={update} {...modal}>
      {(values) => <LinkUrlInput form={form} url={values.url} />}
    </ShareEditModal>
  );
}
