import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClipboardText,
  IconCloudUpload,
  IconFolders,
  IconShieldLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const FEATURES = [
  { id: 'text', icon: IconClipboardText, color: 'indigo' },
  { id: 'files', icon: IconCloudUpload, color: 'teal' },
  { id: 'mounts', icon: IconFolders, color: 'grape' },
  { id: 'keys', icon: IconShieldLock, color: 'orange' },
] as const;

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('home.features.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {FEATURES.map((feature) => (
          <Card key={feature.id} p="lg">
            <Stack gap="sm">
              <ThemeIcon size={42} radius="md" variant="light" color={feature.color}>
                <feature.icon size={22} stroke={1.7} />
              </ThemeIcon>
              <Text fw={650}>{t(`home.features.${feature.id}.title`)}</Text>
              <Text size="sm" c="dimmed" lh={1.55}>
                {t(`home.features.${feature.id}.body`)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
