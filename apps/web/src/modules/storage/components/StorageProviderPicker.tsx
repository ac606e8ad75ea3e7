import { Alert, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StorageKind } from '../storage-common.form';
import { ProviderIcon } from './StorageBadges';

const CHOSEN = {
  borderColor: 'var(--mantine-primary-color-filled)',
  background: 'var(--mantine-primary-color-light)',
} as const;

/**
 * The provider cards (or, when only one is possible, the fixed type), then a note on the
 * preset the pick just filled in.
 */
export function StorageProviderPicker({
  kinds,
  kind,
  picked,
  presetHasPlaceholder,
  onPick,
}: {
  kinds: readonly StorageKind[];
  kind: StorageKind;
  /** The provider picked in this opening; null until one is. */
  picked: StorageKind | null;
  /** The endpoint or region still holds a `{placeholder}` to replace. */
  presetHasPlaceholder: boolean;
  onPick: (kind: StorageKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {kinds.length > 1 ? (
        <Radio.Group
          value={kind}
          onChange={(value) => onPick(value as StorageKind)}
          label={t('storageConfig.form.provider')}
          description={t('storageConfig.form.providerDescription')}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
            {kinds.map((option) => (
              <Radio.Card
                key={option}
                value={option}
                radius="md"
                p="xs"
                aria-label={t(`storageConfig.providers.${option}`)}
                data-testid={`provider-${option}`}
                style={kind === option ? CHOSEN : undefined}
              >
                <Group gap="xs" wrap="nowrap">
                  <ProviderIcon kind={option} size={28} />
                  <Text size="sm" fw={500} lh={1.2}>
                    {t(`storageConfig.providers.${option}`)}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      ) : (
        <Group gap="sm" wrap="nowrap">
          <ProviderIcon kind={kind} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t(`storageConfig.providers.${kind}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('storageConfig.form.typeFixed')}
            </Text>
          </Stack>
        </Group>
      )}

      {picked && picked !== 'local' && (
        <Alert
          variant="light"
          color={presetHasPlaceholder ? 'yellow' : 'blue'}
          icon={<IconInfoCircle size={18} />}
          data-testid="preset-note"
        >
          {presetHasPlaceholder
            ? t('storageConfig.form.presetFilledPlaceholder', {
                provider: t(`storageConfig.providers.${picked}`),
              })
            : t('storageConfig.form.presetFilled', {
                provider: t(`storageConfig.providers.${picked}`),
              })}
        </Alert>
      )}
    </>
  );
}
