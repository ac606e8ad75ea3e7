import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Paste, SHARE_LINK_VISIBLE_SECONDS } from '@sharebin/shared';
import {
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconExternalLink,
  IconEyeOff,
  IconLock,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { formatDateTime } from '../../../app/format';
import { pasteShareUrl, pastesApi } from '../../pastes';
import { ShareQrCode } from '../../shares';

/** Seconds left until `seconds` have passed since the first render. */
function useCountdown(seconds: number): number {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      data-testid={testId}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      rightSectionWidth={68}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
            <ActionIcon
              variant={copied ? 'light' : 'subtle'}
              color={copied ? 'teal' : 'gray'}
              onClick={() => void copy(value)}
              aria-label={`${t('common.copy')}: ${label}`}
              data-testid={`${testId}-copy`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.open')}>
            <ActionIcon
              component="a"
              href={value}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              aria-label={`${t('common.open')}: ${label}`}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    />
  );
}

function CreatedShare({ paste, onClose }: { paste: Paste; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const left = useCountdown(SHARE_LINK_VISIBLE_SECONDS);
  const shareUrl = pasteShareUrl(paste.slug);

  if (left === 0) {
    return (
      <Stack align="center" ta="center" gap="sm" py="lg" data-testid="share-link-hidden">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconEyeOff size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={650}>{t('editor.created.hiddenTitle')}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {t('editor.created.hiddenBody')}
        </Text>
        <Button mt="sm" onClick={onClose}>
          {t('editor.created.done')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" c="dimmed" data-testid="share-link-countdown">
          {t('editor.created.countdown', { count: left })}
        </Text>
        <Progress
          value={(left / SHARE_LINK_VISIBLE_SECONDS) * 100}
          size="sm"
          aria-label={t('editor.created.countdown', { count: left })}
          transitionDuration={900}
        />
      </Stack>
      <Grid gutter="lg" align="center">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <CopyField label={t('editor.created.shareLink')} value={shareUrl} testId="share-link" />
            <Stack gap={4}>
              <CopyField
                label={t('editor.created.rawLink')}
                value={pastesApi.rawUrl(paste.slug)}
                testId="raw-link"
              />
              {paste.has_password && (
                <Text size="xs" c="dimmed" data-testid="raw-link-note">
                  {t('editor.created.rawNeedsPassword')}
                </Text>
              )}
              {paste.max_views > 0 && (
                <Text size="xs" c="dimmed">
                  {t('editor.created.rawCountsView')}
                </Text>
              )}
            </Stack>
            <Group gap={6}>
              <Badge tt="none" variant="light" color="gray">
                {paste.expires_at
                  ? t('editor.created.expires', {
                      time: formatDateTime(paste.expires_at, i18n.language),
                    })
                  : t('editor.created.neverExpires')}
              </Badge>
              <Badge tt="none" variant="light" color="gray">
                {paste.max_views > 0
                  ? t('editor.created.maxViews', { count: paste.max_views })
                  : t('editor.created.unlimitedViews')}
              </Badge>
              {paste.has_password && (
                <Badge
                  tt="none"
                  variant="light"
                  color="orange"
                  leftSection={<IconLock size={12} />}
                >
                  {t('editor.created.protected')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Center>
            <ShareQrCode
              url={shareUrl}
              size={144}
              title={t('editor.created.qrCode')}
              testId="share-qr"
              withBorder
              radius="md"
            />
          </Center>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('editor.created.done')}</Button>
      </Group>
    </Stack>
  );
}

/** The new share's link, raw link and QR code, shown for a minute (SPEC §9). */
export function PasteCreatedModal({
  paste,
  opened,
  onClose,
}: {
  /** Outlives `opened`, so that the modal keeps its content while it fades out. */
  paste: Paste | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={fullScreen}
      closeOnClickOutside={false}
      title={
        <Group gap="xs">
          <IconCircleCheck size={22} color="var(--mantine-color-teal-6)" />
          <Text fw={700} fz="lg">
            {t('editor.created.title')}
          </Text>
        </Group>
      }
    >
      <Box data-testid="paste-created">
        {paste && <CreatedShare key={paste.id} paste={paste} onClose={onClose} />}
      </Box>
    </Modal>
  );
}
