import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { filenameSchema } from '@sharebin/shared';
import {
  IconAlertCircle,
  IconCloudDownload,
  IconLink,
  IconSearch,
  IconWorldDownload,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../shared/format-bytes';
import { type UrlInfo, uploadApi } from '../../upload/upload.api';
import { describeApiFailure } from '../../upload/upload.errors';

/** SPEC §5: a URL upload needs a valid http or https address. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * URL upload, step one: analyse the address (name, size and type as the server sees them),
 * let the user adjust the name, then hand it to the queue.
 */
export function UrlUploadPanel({
  onStart,
  disabled,
}: {
  onStart: (info: UrlInfo, filename: string) => boolean;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [filename, setFilename] = useState('');
  const analyse = useMutation({
    mutationFn: (url: string) => uploadApi.urlInfo(url),
    onSuccess: (info) => setFilename(info.filename),
  });
  const info = analyse.data ?? null;
  const filenameValid = filenameSchema.safeParse(filename).success;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = address.trim();
    if (!isHttpUrl(url)) {
      setInvalid(true);
      return;
    }
    analyse.mutate(url);
  };

  const start = () => {
    if (!info || !filenameValid) return;
    if (onStart(info, filename.trim())) {
      analyse.reset();
      setAddress('');
      setFilename('');
    }
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            label={t('upload.url.label')}
            placeholder="https://example.com/report.pdf"
            leftSection={<IconLink size={16} stroke={1.7} />}
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              setInvalid(false);
              if (analyse.data || analyse.error) analyse.reset();
            }}
            error={invalid ? t('upload.url.invalid') : undefined}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            data-testid="url-input"
          />
          <Button
            type="submit"
            mt={25}
            variant="light"
            leftSection={<IconSearch size={16} />}
            loading={analyse.isPending}
            disabled={disabled}
            data-testid="url-analyse"
          >
            {t('upload.url.analyse')}
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        {t('upload.url.hint')}
      </Text>

      {analyse.error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          data-testid="url-error"
        >
          {describeApiFailure(analyse.error, 'analyse').describe()}
        </Alert>
      )}

      {info && (
        <Card withBorder radius="md" p="md" data-testid="url-info">
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap">
              <IconWorldDownload size={18} color="var(--mantine-color-indigo-6)" />
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {info.url}
              </Text>
            </Group>
            <TextInput
              label={t('upload.url.filename')}
              value={filename}
              onChange={(event) => setFilename(event.currentTarget.value)}
              error={filenameValid ? undefined : t('upload.url.filenameInvalid')}
              data-testid="url-filename"
            />
            <Group gap="lg">
              <Text size="sm">
                <Text span c="dimmed">
                  {t('common.size')}:{' '}
                </Text>
                {info.size === null
                  ? t('upload.url.sizeUnknown')
                  : formatBytes(info.size, i18n.language)}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span c="dimmed">
                  {t('common.type')}:{' '}
                </Text>
                {info.mimetype || '—'}
              </Text>
            </Group>
            <Group justify="flex-end">
              <Button
                leftSection={<IconCloudDownload size={16} />}
                onClick={start}
                disabled={disabled || !filenameValid}
                data-testid="url-start"
              >
                {t('upload.url.start')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
