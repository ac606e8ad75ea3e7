import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The host a visitor is sent to, for the words; the whole address if it has none. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Shown while the browser leaves for the link's address, which stays at hand as a link. */
export function LeavingForTarget({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="55vh" px="md" py="xl">
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="link-leaving">
        <Loader type="dots" />
        <Text role="status" aria-live="polite">
          {t('links.view.leaving', { host: hostOf(url) })}
        </Text>
        <Anchor
          href={url}
          rel="noreferrer"
          size="sm"
          c="dimmed"
          style={{ overflowWrap: 'anywhere' }}
        >
          {url}
        </Anchor>
      </Stack>
    </Center>
  );
}
