import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { isLanguage, LANGUAGES } from '../../i18n/languages';

const SHORT_NAMES = { 'zh-CN': '中文', 'en-US': 'EN' } as const;

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en-US';
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px="xs"
          leftSection={<IconLanguage size={18} stroke={1.7} />}
          aria-label={t('language.label')}
          data-testid="language-switcher"
          data-language={current}
        >
          {SHORT_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void changeLanguage(language)}
            rightSection={language === current ? <IconCheck size={16} /> : null}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
