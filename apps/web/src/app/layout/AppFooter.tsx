import { Anchor, Container, Group, Text } from '@mantine/core';
import { IconBrandGithub } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';
import { SOURCE_REPOSITORY_URL } from './nav-links';

export function AppFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="copyright">
            {t('footer.copyright', { year })}
          </Text>
          <Group gap="md">
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {t('footer.tagline')}
            </Text>
            <Anchor
              href={SOURCE_REPOSITORY_URL}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              c="dimmed"
              className={classes.footerLink}
            >
              <IconBrandGithub size={16} stroke={1.7} />
              {t('nav.sourceCode')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
