import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormButtons, ShareSettingsFields } from '../../management';
import type { LinkFormValues, LinkSource } from '../link-form';
import type { LinkForm } from '../use-link-form';
import { LinkUrlInput } from './LinkUrlInput';

/**
 * A new short link's fields: where it leads, then the settings every share has, worded for a
 * link not made yet, then cancel and create. (A saved link's are ShareEditModal's.)
 */
export function LinkFormBody({
  form,
  values,
  original,
  submit,
  pending,
  onCancel,
}: {
  form: LinkForm;
  values: LinkFormValues;
  original: LinkSource;
  submit: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <LinkUrlInput form={form} url={values.url} />
      <ShareSettingsFields
        ns={'links'}
        values={values}
        original={original}
        // The settings are the same in the link's values; only the checker cannot see it.
        set={(field, value) => form.set(field, value as LinkFormValues[typeof field])}
        errorOf={form.errorOf}
        creating={{
          slugPlaceholder: t('links.form.slugPlaceholder'),
          maxViewsDescription: t('links.form.maxViewsNew'),
        }}
      />
      <FormButtons
        cancel={t('common.cancel')}
        submit={submit}
        pending={pending}
        onCancel={onCancel}
      />
    </Stack>
  );
}
