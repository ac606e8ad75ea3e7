import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py={80} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="dots" />
        <Text size="sm" c="dimmed">
          {label ?? t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
