import { TextInput } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LinkForm } from '../use-link-form';

/** Where the link leads: the first field of its form, and the one it opens on. */
export function LinkUrlInput({ form, url }: { form: LinkForm; url: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('links.form.url')}
      description={t('links.form.urlDescription')}
      placeholder={t('links.form.urlPlaceholder')}
      leftSection={<IconWorld size={16} stroke={1.7} />}
      value={url}
      onChange={(event) => form.set('url', event.currentTarget.value)}
      error={form.errorOf('url')}
      required
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      data-autofocus
      data-testid="link-url-input"
    />
  );
}
