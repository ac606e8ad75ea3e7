import type { ReactNode } from 'react';
import { shareSettingsChanges } from '../share-settings';
import type { ModalState } from '../use-modal-target';
import { type ShareEditFormOptions, useShareEditForm } from '../use-share-edit-form';
import { type SavedShare, ShareEditModal, type ShareUpdate } from './ShareEditModal';
import type { ShareNamespace } from './ShareSettingsFields';

/**
 * The edit modal of a share that is only its settings (a file share, a share of a mounted
 * path): `heading` names what it shares, above the settings, which take the focus.
 */
export function ShareSettingsEditModal<S extends SavedShare>({
  ns,
  share,
  schema,
  slugTakenCode,
  update,
  heading,
  ...modal
}: {
  ns: ShareNamespace;
  share: S | null;
  update: ShareUpdate<S>;
  heading: (share: S) => ReactNode;
} & Pick<ShareEditFormOptions<S, object, never>, 'schema' | 'slugTakenCode'> &
  ModalState) {
  const form = useShareEditForm({ source: share, opened: modal.opened, schema, slugTakenCode });
  return (
    <ShareEditModal
      ns={ns}
      form={form}
      changes={shareSettingsChanges}
      update={update}
      {...modal}
      autoFocusSlug
    >
      {() => form.original && heading(form.original)}
    </ShareEditModal>
  );
}
