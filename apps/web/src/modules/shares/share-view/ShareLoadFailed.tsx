import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { SHARE_KINDS, type ShareKind } from './share-kinds';

/** A look-up that failed for another reason than the share being gone, with a retry. */
export function ShareLoadFailed({
  kind,
  error,
  onRetry,
}: {
  kind: ShareKind;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { texts, testId } = SHARE_KINDS[kind];
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t(`${texts}.loadFailed`)}
        data-testid={`${testId}-load-failed`}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {t(`${texts}.retry`)}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
