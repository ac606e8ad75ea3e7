import type { ModalProps } from '@mantine/core';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ShareSettingsField,
  ShareSettingsSource,
  ShareSettingsValues,
} from '../share-settings';
import type { useEditForm } from '../use-edit-form';
import type { ModalState } from '../use-modal-target';
import { EditModal } from './EditModal';
import { FormButtons, type ShareNamespace, ShareSettingsFields } from './ShareSettingsFields';

type EditForm<S, V, F extends string> = ReturnType<typeof useEditForm<S, V, F>>;

/** Each module's modal: a paste's content wants the room, a file's or a link's settings do not. */
const MODAL_OF: Record<ShareNamespace, { size: ModalProps['size']; testId: string }> = {
  textManagement: { size: 'xl', testId: 'paste-edit-form' },
  fileManagement: { size: 'lg', testId: 'file-edit-form' },
  fsShares: { size: 'lg', testId: 'fs-share-edit-form' },
  links: { size: 'lg', testId: 'link-edit-form' },
  uploadRequests: { size: 'lg', testId: 'upload-request-edit-form' },
};

export interface SavedShare extends ShareSettingsSource {
  id: string;
  slug: string;
}

/** The mutation that saves a share's changes and answers with the share as saved. */
export interface ShareUpdate<S> {
  isPending: boolean;
  mutate: (
    variables: { id: string; changes: never },
    done: { onSuccess: (saved: S) => void; onError: (error: unknown) => void },
  ) => void;
}

/**
 * The edit modal of a share, paste or file: the share's own fields (`children`), then the
 * settings every share has and the buttons. Saving sends only what changed, closes with the
 * module's message, and keeps the form open with the reasons when it fails.
 */
export function ShareEditModal<
  S extends SavedShare,
  V extends ShareSettingsValues,
  F extends string,
>({
  ns,
  form,
  changes,
  update,
  opened,
  onClose,
  onExited,
  placeholder,
  autoFocusSlug,
  children,
}: {
  ns: ShareNamespace;
  form: EditForm<S, V, F>;
  /** Only the fields that changed; an empty object means nothing to save. */
  changes: (values: V, original: S) => object;
  update: ShareUpdate<S>;
  /** Shown until the share is known (loading or failed to load). */
  placeholder?: ReactNode;
  autoFocusSlug?: boolean;
  children?: (values: V) => ReactNode;
} & ModalState) {
  const { t } = useTranslation();
  const save = (values: V, original: S) =>
    form.saveChanges(changes(values, original), {
      save: (changed, done) => update.mutate({ id: original.id, changes: changed as never }, done),
      nothingChanged: t('shareForm.nothingChanged'),
      saved: (saved: S) => t(`${ns}.notifications.updated`, { slug: saved.slug }),
      close: onClose,
    });

  const { values, original } = form;
  return (
    <EditModal
      title={t(`${ns}.form.title`)}
      opened={opened}
      onClose={onClose}
      form={form}
      onExited={onExited}
      pending={update.isPending}
      size={MODAL_OF[ns].size}
      onSubmit={form.submit(save)}
      testId={MODAL_OF[ns].testId}
    >
      {values && original ? (
        <Stack gap="lg">
          {children?.(values)}
          <ShareSettingsFields
            ns={ns}
            values={values}
            original={original}
            // The settings are the same in every share's values; only the checker cannot see it.
            set={(field, value) => form.set(field, value as V[typeof field])}
            errorOf={(field: ShareSettingsField) => form.errorOf(field as unknown as F)}
            autoFocusSlug={autoFocusSlug}
          />
          <FormButtons
            cancel={t('common.cancel')}
            submit={t('common.saveChanges')}
            pending={update.isPending}
            onCancel={onClose}
          />
        </Stack>
      ) : (
        placeholder
      )}
    </EditModal>
  );
}
