import { Anchor, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { UploadArrival } from '@sharebin/shared';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatRelative } from '../../../app/format';
import { formatBytes } from '../../../shared/format-bytes';
import { fileTypeIcon, previewKind } from '../../files';
import { explorerHref, parentPath } from '../../mount-explorer';

/** A file that arrived: its name and size, when, and the folder it went into. */
function ArrivalRow({ arrival }: { arrival: UploadArrival }) {
  const { t, i18n } = useTranslation();
  const Icon = fileTypeIcon(previewKind(arrival.mimetype, arrival.name), arrival.mimetype);
  const folder = parentPath(arrival.path);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="upload-arrival"
      data-name={arrival.name}
    >
      <ThemeIcon size={32} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
        <Icon size={18} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {arrival.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatBytes(arrival.size, i18n.language)}
          </Text>
        </Group>
        <Group gap={8} wrap="wrap">
          <Tooltip label={formatDateTime(arrival.received_at, i18n.language)}>
            <Text size="xs" c="dimmed">
              {formatRelative(arrival.received_at, i18n.language)}
            </Text>
          </Tooltip>
          <Tooltip label={t('uploadRequests.details.showFolder')} openDelay={300}>
            <Anchor
              component={Link}
              to={explorerHref(folder)}
              size="xs"
              ff="monospace"
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                wordBreak: 'break-all',
              }}
              data-testid="upload-arrival-folder"
            >
              <IconFolder size={13} style={{ flexShrink: 0 }} />
              {folder}
            </Anchor>
          </Tooltip>
        </Group>
      </Stack>
    </Group>
  );
}

/** Files that arrived, newest first. */
export function ArrivalRows({ arrivals }: { arrivals: readonly UploadArrival[] }) {
  return (
    <Stack gap="md" data-testid="upload-arrivals">
      {arrivals.map((arrival) => (
        <ArrivalRow key={arrival.id} arrival={arrival} />
      ))}
    </Stack>
  );
}
