import { Badge, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandGithub } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SOURCE_REPOSITORY_URL } from '../../../app/layout/nav-links';
import { usePageTitle } from '../../../app/page-title';
import { FeatureGrid } from '../components/FeatureGrid';
import { SessionCard } from '../components/SessionCard';
import classes from './HomePage.module.css';

/** The landing page; a later issue replaces it with the Markdown editor. */
export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle([t('titles.home')]);
  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'xl', sm: 56 }}>
      <Stack gap={56}>
        <Grid gutter={{ base: 'xl', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="xl" w="fit-content">
                {t('home.eyebrow')}
              </Badge>
              <Title order={1} className={classes.title}>
                <span className={classes.highlight}>Sharebin</span>
                <br />
                {t('home.title')}
              </Title>
              <Text size="lg" c="dimmed" lh={1.65} data-testid="product-description">
                {t('home.description')}
              </Text>
              <Group gap="sm">
                <Button
                  component="a"
                  href={SOURCE_REPOSITORY_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                  leftSection={<IconBrandGithub size={18} stroke={1.7} />}
                >
                  {t('nav.sourceCode')}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SessionCard />
          </Grid.Col>
        </Grid>
        <FeatureGrid />
      </Stack>
    </Container>
  );
}
