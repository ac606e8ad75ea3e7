import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SetValue } from '../../management';
import type { KeyFormValues } from '../api-keys.form';

const PERMISSIONS = ['text', 'file', 'mount'] as const;

/** What a key may do: one switch per permission, and read-only under mount access. */
export function ApiKeyPermissionFields({
  values,
  set,
}: {
  values: KeyFormValues;
  set: SetValue<KeyFormValues>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('apiKeys.form.permissions')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {PERMISSIONS.map((permission) => (
            <Switch
              key={permission}
              label={t(`permissions.${permission}`)}
              description={t(`apiKeys.form.permissionDescriptions.${permission}`)}
              checked={values[permission]}
              onChange={(event) => set(permission, event.currentTarget.checked)}
              data-testid={`permission-${permission}`}
            />
          ))}
          {values.mount && (
            <Switch
              ml={{ base: 'md', xs: 'xl' }}
              size="sm"
              label={t('apiKeys.form.mountReadOnly')}
              description={t('apiKeys.form.mountReadOnlyDescription')}
              checked={values.mountReadOnly}
              onChange={(event) => set('mountReadOnly', event.currentTarget.checked)}
              data-testid="permission-mount-read-only"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
