import type { ShortLink } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { EditModal } from '../../management';
import { type LinkFormValues, linkCreateRequest, NEW_LINK } from '../link-form';
import { useCreateShortLink } from '../links.hooks';
import { useLinkForm } from '../use-link-form';
import { LinkFormBody } from './LinkFormBody';

/**
 * A new short link: the address it leads to, then the settings every share has (an empty
 * suffix asks for a random one). Once made, `onCreated` shows it with its QR code.
 */
export function ShortLinkCreateModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (link: ShortLink) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateShortLink();
  const form = useLinkForm({ source: opened ? NEW_LINK : null, opened, creating: true });
  const save = (values: LinkFormValues) =>
    form.saveChanges(linkCreateRequest(values), {
      save: (request, done) => create.mutate(request, done),
      nothingChanged: '',
      saved: () => t('links.notifications.created'),
      onSaved: onCreated,
      close: onClose,
    });

  const { values, original } = form;
  return (
    <EditModal
      title={t('links.create.title')}
      form={form}
      opened={opened}
      onClose={onClose}
      onExited={() => undefined}
      pending={create.isPending}
      size="lg"
      onSubmit={form.submit(save)}
      testId="link-create-form"
    >
      {values && original && (
        <LinkFormBody
          form={form}
          values={values}
          original={original}
          submit={t('links.create.submit')}
          pending={create.isPending}
          onCancel={onClose}
        />
      )}
    </EditModal>
  );
}
