import {
  AppShell,
  CloseButton,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SessionIdentity, SignOutButton } from '../../auth';
import type { AdminModuleDefinition } from '../admin-modules';

export function AdminNav({
  modules,
  onNavigate,
  onClose,
}: {
  modules: readonly AdminModuleDefinition[];
  onNavigate: () => void;
  /** Closes the phone drawer without choosing a module. */
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      <AppShell.Section px="md" pt="md" pb="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
            {t('admin.title')}
          </Text>
          {/* The drawer covers the whole phone screen: this is its way out. */}
          <CloseButton
            hiddenFrom="sm"
            onClick={onClose}
            aria-label={t('admin.closeModules')}
            data-testid="admin-nav-close"
          />
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm">
        <nav aria-label={t('admin.modules')}>
          {modules.map((module) => {
            const to = `/admin/${module.id}`;
            const active = pathname === to || pathname.startsWith(`${to}/`);
            return (
              <NavLink
                key={module.id}
                component={Link}
                to={to}
                label={t(`admin.moduleNames.${module.id}`)}
                leftSection={<module.icon size={18} stroke={1.7} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                mb={4}
              />
            );
          })}
        </nav>
      </AppShell.Section>
      <AppShell.Section p="md">
        <Divider mb="md" />
        <Stack gap="sm">
          <SessionIdentity />
          <SignOutButton fullWidth />
        </Stack>
      </AppShell.Section>
    </>
  );
}
