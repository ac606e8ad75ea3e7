import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { STORAGE_TEST_CHECKS, type StorageConfig, type StorageTestReport } from '@sharebin/shared';
import {
  IconAlertCircle,
  IconCircleCheckFilled,
  IconCircleXFilled,
  IconRefresh,
} from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { apiErrorText } from '../../../app/error-messages';
import { useTestStorageConfig } from '../storage.hooks';
import { kindOf, ProviderIcon } from './StorageBadges';

type Check = StorageTestReport['checks'][number];

function CheckRow({ check }: { check: Check }) {
  const { t, i18n } = useTranslation();
  const ms = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(check.ms);
  const ownWords = check.reason
    ? t(`storageConfig.test.reasons.${check.reason}`, check.params ?? {})
    : check.error_code
      ? apiErrorText(check.error_code, undefined, i18n.language)
      : null;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py="xs"
      data-testid="storage-check"
      data-check={check.name}
      data-ok={check.ok}
    >
      <Box
        c={check.ok ? 'teal.6' : 'red.6'}
        role="img"
        aria-label={
          check.ok ? t('storageConfig.test.passedCheck') : t('storageConfig.test.failedCheck')
        }
        style={{ display: 'flex', flexShrink: 0 }}
      >
        {check.ok ? <IconCircleCheckFilled size={24} /> : <IconCircleXFilled size={24} />}
      </Box>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} data-testid="storage-check-name">
            {t(`storageConfig.test.checks.${check.name}`)}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {t('storageConfig.test.duration', { ms })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t(`storageConfig.test.checkHints.${check.name}`)}
        </Text>
        {/* A failure the test names itself is worded in the reader's language; otherwise what
            the storage answered, word for word: a diagnosis for whoever fixes the bucket. */}
        {!check.ok && ownWords && (
          <Text
            size="sm"
            c="red"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="storage-check-reason"
          >
            {ownWords}
          </Text>
        )}
        {!check.ok && !ownWords && check.detail && (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {t('storageConfig.test.reason')}{' '}
            <Text span inherit ff="monospace" fz="xs" data-testid="storage-check-detail">
              {check.detail}
            </Text>
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Runs the storage's self-test when opened and shows one line per check. */
export function StorageTestModal({
  config,
  opened,
  onClose,
  onExited,
}: {
  config: StorageConfig | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const test = useTestStorageConfig();
  const { mutate, reset } = test;
  const configId = config?.id ?? null;

  useEffect(() => {
    if (opened && configId) mutate(configId);
  }, [opened, configId, mutate]);

  let body: ReactNode;
  if (test.isPending || test.isIdle) {
    body = (
      <Stack gap="sm" data-testid="storage-test-running">
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{t('storageConfig.test.runningHint')}</Text>
        </Group>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="md">
            {STORAGE_TEST_CHECKS.map((name) => (
              <Group key={name} gap="sm" wrap="nowrap">
                <Skeleton circle h={24} w={24} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Text size="sm" fw={600} c="dimmed">
                    {t(`storageConfig.test.checks.${name}`)}
                  </Text>
                  <Skeleton h={8} w="60%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        </Paper>
      </Stack>
    );
  } else if (test.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('storageConfig.test.unavailable')}
        data-testid="storage-test-error"
      >
        <Text size="sm">{errorMessage(test.error)}</Text>
      </Alert>
    );
  } else {
    const failed = test.data.checks.filter((check) => !check.ok).length;
    body = (
      <Stack gap="sm" data-testid="storage-test-report">
        <Alert
          variant="light"
          color={test.data.ok ? 'teal' : 'red'}
          icon={
            test.data.ok ? <IconCircleCheckFilled size={18} /> : <IconCircleXFilled size={18} />
          }
          title={
            test.data.ok
              ? t('storageConfig.test.passed')
              : t('storageConfig.test.failed', { count: failed })
          }
          data-testid="storage-test-summary"
        >
          <Text size="sm">
            {test.data.ok ? t('storageConfig.test.passedHint') : t('storageConfig.test.failedHint')}
          </Text>
        </Alert>
        <Paper withBorder radius="md" px="sm" py={4}>
          <Stack gap={0} style={{ rowGap: 0 }}>
            {test.data.checks.map((check, index) => (
              <div
                key={check.name}
                style={
                  index > 0
                    ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                    : undefined
                }
              >
                <CheckRow check={check} />
              </div>
            ))}
          </Stack>
        </Paper>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        reset();
        onExited();
      }}
      title={
        <Text fw={700} fz="lg">
          {t('storageConfig.test.title')}
        </Text>
      }
      size="lg"
      fullScreen={fullScreen}
    >
      {config && (
        <Stack gap="md" data-testid="storage-test-modal">
          <Group gap="sm" wrap="nowrap">
            <ProviderIcon kind={kindOf(config)} />
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate="end">
                {config.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {config.storage_type === 's3'
                  ? `${config.bucket}${config.endpoint ? ` · ${config.endpoint}` : ''}`
                  : t('storageConfig.localLocation')}
              </Text>
            </Stack>
          </Group>
          {body}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button
              leftSection={<IconRefresh size={16} />}
              onClick={() => configId && mutate(configId)}
              loading={test.isPending}
              data-testid="storage-test-rerun"
            >
              {t('storageConfig.test.rerun')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
