import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { CreatedApiKey } from '@sharebin/shared';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../app/download';
import { backendBaseUrl } from '../../../app/runtime-config';
import { sharexUploaderFile } from '../sharex';

/** Saves a ShareX uploader for the new key: it holds the full key, so only now can it be made. */
function downloadSharexUploader(created: CreatedApiKey) {
  const file = sharexUploaderFile({
    origin: backendBaseUrl(),
    keyName: created.name,
    key: created.key,
  });
  downloadBlob(new Blob([file.text], { type: 'application/json' }), file.filename);
}

/** Shows a new key in full, the only time it is ever shown. */
export function KeyCreatedModal({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {t('apiKeys.created.title')}
        </Text>
      }
      size="lg"
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('apiKeys.created.warning')}
          </Alert>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('apiKeys.created.keyLabel', { name: created.name })}
            </Text>
            <Paper withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap" align="center">
                <Code
                  block
                  flex={1}
                  fz="sm"
                  bg="transparent"
                  p={0}
                  style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                  data-testid="created-api-key"
                >
                  {created.key}
                </Code>
                <CopyButton value={created.key} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                      <ActionIcon
                        color={copied ? 'teal' : 'gray'}
                        variant={copied ? 'light' : 'default'}
                        size="lg"
                        onClick={copy}
                        aria-label={copied ? t('common.copied') : t('common.copy')}
                      >
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Paper>
          </Stack>
          <Group justify="flex-end">
            {created.file_permission && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadSharexUploader(created)}
                data-testid="download-sharex"
              >
                {t('apiKeys.created.sharex')}
              </Button>
            )}
            <Button onClick={onClose}>{t('apiKeys.created.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
