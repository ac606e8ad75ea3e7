import { ERROR_CODES, shortLinkUpdateRequestSchema } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { useShareEditForm } from '../management';
import { type LinkSource, type LinkTarget, linkTargetCandidate } from './link-form';

/**
 * A short link's form, new (`creating`) or saved: the settings every share has, checked by
 * the schema the server uses, then the address it leads to (always sent, so always checked).
 */
export function useLinkForm<S extends LinkSource>({
  source,
  opened,
  creating = false,
}: {
  source: S | null;
  opened: boolean;
  creating?: boolean;
}) {
  const { t } = useTranslation();
  return useShareEditForm({
    source,
    opened,
    // The update's schema for a new link too: it words each setting's issue on its own (the
    // create request's suffix may also be empty, which the form leaves out instead).
    schema: shortLinkUpdateRequestSchema,
    slugTakenCode: ERROR_CODES.linkSlugTaken,
    creating,
    own: {
      valuesOf: ({ url }: S): LinkTarget => ({ url }),
      fieldOf: { url: 'url' },
      candidate: linkTargetCandidate,
      fields: { url: 'url' },
      message: (_field, issue) =>
        issue.code === 'too_big'
          ? t('links.form.urlTooLong', { max: issue.maximum ?? 0 })
          : t('links.form.urlInvalid'),
    },
  });
}

export type LinkForm = ReturnType<typeof useLinkForm>;
