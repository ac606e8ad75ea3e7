import {
  ActionIcon,
  Box,
  Burger,
  Button,
  Collapse,
  Divider,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Tooltip,
} from '@mantine/core';
import { useClickOutside, useHotkeys, useNetwork } from '@mantine/hooks';
import { IconBrandGithub, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toPrincipal, useAuth } from '../../modules/auth';
import { TaskManager } from '../../modules/tasks/components/TaskManager';
import { OfflineBadge } from '../../pwa/OfflineBadge';
import { Brand } from './Brand';
import { LanguageSwitcher } from './LanguageSwitcher';
import classes from './layout.module.css';
import { isNavLinkActive, SOURCE_REPOSITORY_URL, visibleNavLinks } from './nav-links';
import { ThemeToggle } from './ThemeToggle';

const EnvSwitcher = lazy(() => import('../../pwa/EnvSwitcher'));

export interface AppHeaderProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
}

export function AppHeader({ menuOpened, onToggleMenu, onCloseMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const auth = useAuth();
  const links = visibleNavLinks(toPrincipal(auth));
  // SPEC §2: for the admin only, and only when asked for in the query.
  const showEnvSwitcher =
    auth.authType === 'admin' && new URLSearchParams(search).has('showEnvSwitcher');
  const { online } = useNetwork();
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  useClickOutside(() => menuOpened && onCloseMenu(), null, [burger, panel]);
  useHotkeys([['Escape', () => menuOpened && onCloseMenu()]]);

  return (
    <Box h="100%">
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xl" wrap="nowrap">
          <Brand compactOnPhone={!online || showEnvSwitcher} />
          <Group
            component="nav"
            gap={4}
            visibleFrom="sm"
            aria-label={t('nav.mainNavigation')}
            wrap="nowrap"
          >
            {links.map((link) => {
              const active = isNavLinkActive(link, pathname);
              return (
                <Button
                  key={link.to}
                  component={Link}
                  to={link.to}
                  variant={active ? 'light' : 'subtle'}
                  color={active ? undefined : 'gray'}
                  leftSection={<link.icon size={17} stroke={1.7} />}
                  aria-current={active ? 'page' : undefined}
                  className={classes.navButton}
                >
                  {t(link.labelKey)}
                </Button>
              );
            })}
          </Group>
        </Group>
        <Group gap={8} wrap="nowrap">
          <OfflineBadge />
          <Tooltip label={t('nav.sourceCode')}>
            <ActionIcon
              component="a"
              href={SOURCE_REPOSITORY_URL}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
              aria-label={t('nav.sourceCode')}
              visibleFrom="sm"
            >
              <IconBrandGithub size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
          <TaskManager />
          {showEnvSwitcher && (
            <Suspense fallback={null}>
              <EnvSwitcher />
            </Suspense>
          )}
          <LanguageSwitcher />
          <ThemeToggle />
          <Burger
            ref={setBurger}
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Group>
      <Paper
        ref={setPanel}
        id="mobile-menu"
        className={classes.mobileMenu}
        radius={0}
        hiddenFrom="sm"
        shadow={menuOpened ? 'md' : undefined}
        data-opened={menuOpened || undefined}
      >
        <Collapse in={menuOpened} transitionDuration={150}>
          {/* SPEC §2: the mobile menu is at most 80 units (20rem) tall and scrolls beyond. */}
          <ScrollArea.Autosize mah="20rem" type="auto">
            <Box component="nav" p="sm" aria-label={t('nav.mainNavigation')}>
              {links.map((link) => {
                const active = isNavLinkActive(link, pathname);
                return (
                  <NavLink
                    key={link.to}
                    component={Link}
                    to={link.to}
                    label={t(link.labelKey)}
                    leftSection={<link.icon size={18} stroke={1.7} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onCloseMenu}
                    className={classes.mobileLink}
                  />
                );
              })}
              <Divider my="xs" />
              <NavLink
                component="a"
                href={SOURCE_REPOSITORY_URL}
                target="_blank"
                rel="noopener noreferrer"
                label={t('nav.sourceCode')}
                leftSection={<IconBrandGithub size={18} stroke={1.7} />}
                rightSection={<IconExternalLink size={14} stroke={1.7} />}
                onClick={onCloseMenu}
                className={classes.mobileLink}
              />
            </Box>
          </ScrollArea.Autosize>
        </Collapse>
      </Paper>
    </Box>
  );
}
