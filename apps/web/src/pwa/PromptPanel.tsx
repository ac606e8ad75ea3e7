import { Affix, Button, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { PWA_INSTALL_CHECK_MS } from '@sharebin/shared';
import { IconDeviceMobileDown, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useValueStore } from '../shared/value-store';
import {
  dismissInstall,
  installDismissedAt,
  installOffer,
  shouldOfferInstall,
} from './install-prompt';
import { reloadIntoUpdate, updateAvailable } from './service-worker';
import { workAtRisk } from './unsaved-work';

function PromptCard({
  testId,
  icon,
  title,
  text,
  actions,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <Paper withBorder shadow="lg" p="md" role="dialog" aria-label={title} data-testid={testId}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon size={38} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          <Group justify="flex-end" gap="xs" mt={6}>
            {actions}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** SPEC §4: shown when the browser offers installation, checked every 5 s; "Not now" for 7 days. */
function InstallPrompt() {
  const { t } = useTranslation();
  const offer = useValueStore(installOffer);
  const [visible, setVisible] = useState(() =>
    shouldOfferInstall(offer !== null, installDismissedAt(), Date.now()),
  );
  useInterval(
    () =>
      setVisible(shouldOfferInstall(installOffer.get() !== null, installDismissedAt(), Date.now())),
    PWA_INSTALL_CHECK_MS,
    { autoInvoke: true },
  );
  if (!visible || !offer) return null;
  return (
    <PromptCard
      testId="install-prompt"
      icon={<IconDeviceMobileDown size={22} stroke={1.7} />}
      title={t('pwa.install.title')}
      text={t('pwa.install.text')}
      actions={
        <>
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              dismissInstall();
              setVisible(false);
            }}
          >
            {t('pwa.install.notNow')}
          </Button>
          <Button
            size="xs"
            onClick={() => {
              // The browser's offer works once; its own dialog takes over from here.
              installOffer.set(null);
              setVisible(false);
              void offer.prompt();
            }}
          >
            {t('pwa.install.install')}
          </Button>
        </>
      }
    />
  );
}

/** Asks first when a reload would cut off an upload or lose text not yet shared. */
function confirmReload(t: TFunction) {
  const risk = workAtRisk();
  if (risk.transfers === 0 && risk.unsaved.length === 0) {
    void reloadIntoUpdate();
    return;
  }
  modals.openConfirmModal({
    title: t('pwa.update.confirmTitle'),
    children: (
      <Stack gap="xs" data-testid="update-confirm">
        <Text size="sm">{t('pwa.update.confirmText')}</Text>
        <List size="sm" spacing={4}>
          {risk.transfers > 0 && (
            <List.Item>{t('pwa.update.transfers', { count: risk.transfers })}</List.Item>
          )}
          {risk.unsaved.map((work) => (
            <List.Item key={work}>{t(`pwa.update.${work}`)}</List.Item>
          ))}
        </List>
      </Stack>
    ),
    labels: { confirm: t('pwa.update.reloadAnyway'), cancel: t('pwa.update.keepWorking') },
    confirmProps: { color: 'red' },
    onConfirm: () => void reloadIntoUpdate(),
  });
}

/** SPEC §4: a new version waits in the service worker; only "Reload" lets it take over. */
function UpdatePrompt() {
  const { t } = useTranslation();
  const available = useValueStore(updateAvailable);
  const [postponed, setPostponed] = useState(false);
  if (!available || postponed) return null;
  return (
    <PromptCard
      testId="update-prompt"
      icon={<IconRefresh size={22} stroke={1.7} />}
      title={t('pwa.update.title')}
      text={t('pwa.update.text')}
      actions={
        <>
          <Button variant="default" size="xs" onClick={() => setPostponed(true)}>
            {t('pwa.update.later')}
          </Button>
          <Button size="xs" onClick={() => confirmReload(t)}>
            {t('common.reload')}
          </Button>
        </>
      }
    />
  );
}

/** The install and update prompts, in the bottom corner, above the page and below dialogs. */
export default function PromptPanel() {
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={190}>
      <Stack gap="sm" w="min(380px, calc(100vw - 32px))">
        <UpdatePrompt />
        <InstallPrompt />
      </Stack>
    </Affix>
  );
}
