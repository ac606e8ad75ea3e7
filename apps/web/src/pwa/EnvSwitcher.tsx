import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconServerCog } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backendBaseUrl, backendSetByRuntimeConfig, storeBackendUrl } from '../app/runtime-config';
import { parseBackendUrl } from './backend-url';

/**
 * SPEC §2: the environment switcher (admin, `?showEnvSwitcher`): the backend address the API
 * client calls, saved where it reads it; every query then loads again from there.
 */
export default function EnvSwitcher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState(backendBaseUrl);

  const apply = (url: string | null) => {
    storeBackendUrl(url);
    setCurrent(backendBaseUrl());
    setValue('');
    setError(null);
    void queryClient.resetQueries();
    notifications.show({
      color: 'green',
      message: url ? t('pwa.envSwitcher.saved', { url }) : t('pwa.envSwitcher.resetDone'),
    });
  };

  const save = () => {
    const parsed = parseBackendUrl(value);
    if (!parsed) {
      setError(t('pwa.envSwitcher.invalid'));
      return;
    }
    apply(parsed.url);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="lg"
      width={340}
      withArrow
    >
      <Popover.Target>
        <Tooltip label={t('pwa.envSwitcher.open')} disabled={opened}>
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={t('pwa.envSwitcher.open')}
            data-testid="env-switcher"
            onClick={() => setOpened((open) => !open)}
          >
            <IconServerCog size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="xs" data-testid="env-switcher-panel">
            <Text fw={600}>{t('pwa.envSwitcher.title')}</Text>
            <Text size="xs" c="dimmed">
              {t('pwa.envSwitcher.text', { origin: window.location.origin })}
            </Text>
            <Text size="sm" data-testid="env-switcher-current" style={{ wordBreak: 'break-all' }}>
              {t('pwa.envSwitcher.current', { url: current })}
            </Text>
            {backendSetByRuntimeConfig() && (
              <Text size="xs" c="orange">
                {t('pwa.envSwitcher.runtimeConfig')}
              </Text>
            )}
            <TextInput
              label={t('pwa.envSwitcher.label')}
              placeholder={t('pwa.envSwitcher.placeholder')}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="space-between" gap="xs">
              <Button variant="subtle" size="xs" onClick={() => apply(null)}>
                {t('pwa.envSwitcher.reset')}
              </Button>
              <Button type="submit" size="xs">
                {t('pwa.envSwitcher.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
