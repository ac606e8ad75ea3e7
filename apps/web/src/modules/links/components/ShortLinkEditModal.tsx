import type { ShortLink } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { EditModal, type ModalState } from '../../management';
import { type LinkFormValues, linkChanges } from '../link-form';
import { useUpdateShortLink } from '../links.hooks';
import { useLinkForm } from '../use-link-form';
import { LinkFormBody } from './LinkFormBody';

/**
 * Edits a short link: where it leads, its suffix, password, expiry, visit limit and remark.
 * Only what changed is sent; a failure keeps the form open with its reasons.
 */
export function ShortLinkEditModal({ link, ...modal }: { link: ShortLink | null } & ModalState) {
  const { t } = useTranslation();
  const update = useUpdateShortLink();
  const form = useLinkForm({ source: link, opened: modal.opened });
  const save = (values: LinkFormValues, original: ShortLink) =>
    form.saveChanges(linkChanges(values, original), {
      save: (changes, done) => update.mutate({ id: original.id, changes }, done),
      nothingChanged: t('shareForm.nothingChanged'),
      saved: (saved: ShortLink) => t('links.notifications.updated', { slug: saved.slug }),
      close: modal.onClose,
    });

  const { values, original } = form;
  return (
    <EditModal
      title={t('links.form.title')}
      form={form}
      {...modal}
      pending={update.isPending}
      size="lg"
      onSubmit={form.submit(save)}
      testId="link-edit-form"
    >
      {values && original && (
        <LinkFormBody
          form={form}
          values={values}
          original={original}
          creating={false}
          submit={t('common.saveChanges')}
          pending={update.isPending}
          onCancel={modal.onClose}
        />
      )}
    </EditModal>
  );
}
