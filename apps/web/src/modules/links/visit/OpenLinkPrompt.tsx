import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { ShareUnavailable, unavailableReason } from '../../shares';

/**
 * A link that needs no password, though the server showed this page: it had one a moment ago,
 * or the app's offline cache answered /l/{slug} itself. Going on counts a visit, so it waits
 * for the visitor's click rather than reloading the address (which would bring this page back).
 */
export function OpenLinkPrompt({
  follow,
}: {
  /** The counted visit without a password; its answer sends the visitor on. */
  follow: { mutate: () => void; isPending: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  const gone = unavailableReason('link', follow.error);
  if (gone) return <ShareUnavailable kind="link" reason={gone} />;
  return (
    <Center mih="55vh" px="md" py="xl">
      <Card w="100%" maw={420} p="xl" shadow="sm" data-testid="link-open">
        <Stack gap="md" align="stretch">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconExternalLink size={28} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} fz={22}>
              {t('links.view.open.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('links.view.open.body')}
            </Text>
          </Stack>
          {follow.error != null && (
            <Text size="sm" c="red" ta="center">
              {errorMessage(follow.error)}
            </Text>
          )}
          <Button
            rightSection={<IconArrowRight size={16} />}
            loading={follow.isPending}
            onClick={() => follow.mutate()}
            fullWidth
            data-testid="link-continue"
          >
            {t('links.view.open.continue')}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
