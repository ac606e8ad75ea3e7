import { ActionIcon, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextThemeMode, type ThemeMode } from '../theme';

const ICONS = { auto: IconDeviceDesktop, light: IconSun, dark: IconMoon } as const;

export function ThemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const mode: ThemeMode = colorScheme;
  const ModeIcon = ICONS[mode];
  return (
    <Tooltip label={t(`theme.${mode}`)}>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => setColorScheme(nextThemeMode(mode))}
        aria-label={t('theme.switchTo', { mode: t(`theme.modes.${mode}`) })}
        data-testid="theme-toggle"
        data-theme-mode={mode}
      >
        <ModeIcon size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
