import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../../app/format';
import type { Draft } from '../editor.draft';

/** Offers the autosaved draft found at load (SPEC §4): restore it or discard it. */
export function DraftRestoreAlert({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: Draft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconDeviceFloppy size={18} />}
      title={t('editor.draft.title')}
      data-testid="draft-restore"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {t('editor.draft.body', {
            time: formatRelative(new Date(draft.savedAt).toISOString(), i18n.language),
            count: draft.content.length,
          })}
        </Text>
        <Group gap="xs">
          <Button size="xs" leftSection={<IconRestore size={14} />} onClick={onRestore}>
            {t('editor.draft.restore')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            onClick={onDiscard}
          >
            {t('editor.draft.discard')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
