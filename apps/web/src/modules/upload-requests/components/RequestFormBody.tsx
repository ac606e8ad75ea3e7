import { Stack, TextInput } from '@mantine/core';
import { IconFolder, IconFolderFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareSettingsFields } from '../../management';
import { SharedPathBlock } from '../../shares';
import type { RequestFormValues } from '../upload-request.form';
import type { RequestForm } from '../use-request-form';
import { RequestLimitFields } from './RequestLimitFields';

/** The folder files go into, with what asking for them means. */
export function FolderBlock({ path, intro }: { path: string; intro?: string }) {
  return (
    <SharedPathBlock
      path={path}
      icon={IconFolderFilled}
      color="yellow"
      intro={intro}
      testId="upload-request-path"
    />
  );
}

/**
 * An upload request's fields: its folder when it is being chosen, the settings every share has
 * (the view limit as the number of files), then sizes and types.
 */
export function RequestFormBody({
  form,
  creating,
  chooseFolder,
  receivedBytes,
}: {
  form: RequestForm;
  creating: boolean;
  /** The folder is typed in (a request made from file management). */
  chooseFolder: boolean;
  receivedBytes: string | null;
}) {
  const { t } = useTranslation();
  const words = 'uploadRequests.form';
  const { values, original } = form;
  if (!values || !original) return null;
  return (
    <Stack gap="lg">
      {chooseFolder && (
        <TextInput
          label={t(`${words}.folder`)}
          description={t(`${words}.folderDescription`)}
          placeholder={t(`${words}.folderPlaceholder`)}
          leftSection={<IconFolder size={16} stroke={1.7} />}
          value={values.path}
          onChange={(event) => form.set('path', event.currentTarget.value)}
          error={form.errorOf('path')}
          required
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="upload-request-folder-input"
        />
      )}
      <ShareSettingsFields
        ns={'uploadRequests'}
        values={values}
        original={original}
        // The settings are the same in the request's values; only the checker cannot see it.
        set={(field, value) => form.set(field, value as RequestFormValues[typeof field])}
        errorOf={form.errorOf}
        autoFocusSlug={!chooseFolder}
        creating={
          creating
            ? {
                slugPlaceholder: t(`${words}.slugPlaceholder`),
                maxViewsDescription: t(`${words}.maxViewsNew`),
              }
            : undefined
        }
      />
      <RequestLimitFields
        values={values}
        set={(key, value) => form.set(key, value as RequestFormValues[typeof key])}
        errorOf={form.errorOf}
        receivedBytes={receivedBytes}
      />
    </Stack>
  );
}
