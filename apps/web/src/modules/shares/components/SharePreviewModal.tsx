import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Each kind's preview title and width; every kind's buttons say the common Close and Edit. */
const PREVIEWS = {
  paste: {
    title: 'textManagement.preview.title',
    size: 'xl',
  },
  file: {
    title: 'fileManagement.previewModal.title',
    size: 'lg',
  },
  link: {
    title: 'links.preview.title',
    size: 'lg',
  },
} as const;

/** A preview modal's title: what it shows, then the share's link suffix, cut short if long. */
function PreviewTitle({ title, slug }: { title: string; slug: string | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
        {title}
      </Text>
      {slug && (
        <Code fz="sm" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {slug}
        </Code>
      )}
    </Group>
  );
}

/**
 * The owner's preview of a paste, file share or short link: full screen on a phone, closed or
 * turned into the edit form from its footer. `children` get the share and whether the modal is
 * full screen.
 */
export function SharePreviewModal<Share extends { slug: string }>({
  kind,
  share,
  opened,
  onClose,
  onExited,
  onEdit,
  children,
}: {
  kind: keyof typeof PREVIEWS;
  share: Share | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
  onEdit: (share: Share) => void;
  children: (share: Share, fullScreen: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const texts = PREVIEWS[kind];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={<PreviewTitle title={t(texts.title)} slug={share?.slug} />}
      size={texts.size}
      fullScreen={fullScreen}
      styles={{ title: { minWidth: 0 } }}
    >
      {share && (
        <Stack gap="md" data-testid={`${kind}-preview-modal`}>
          {children(share, fullScreen)}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => onEdit(share)}>
              {t('common.edit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** One fact of a previewed share: a small dimmed label over its value. */
export function ShareFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
