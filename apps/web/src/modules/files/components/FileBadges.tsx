import { Badge, Group, type MantineColor, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { FileShare } from '@sharebin/shared';
import {
  type Icon,
  IconFile,
  IconFileCode,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileZip,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPresentation,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../app/format';
import { ExpiredBadge, UsedUpBadge } from '../../pastes';
import { type FileKind, fileKind, isFileExpired, isFileUsedUp } from '../file-management.utils';

const KIND_LOOKS: Record<FileKind, { icon: Icon; color: MantineColor }> = {
  image: { icon: IconPhoto, color: 'grape' },
  video: { icon: IconMovie, color: 'pink' },
  audio: { icon: IconMusic, color: 'orange' },
  pdf: { icon: IconFileTypePdf, color: 'red' },
  archive: { icon: IconFileZip, color: 'yellow' },
  document: { icon: IconFileTypeDoc, color: 'blue' },
  spreadsheet: { icon: IconFileSpreadsheet, color: 'green' },
  presentation: { icon: IconPresentation, color: 'orange' },
  code: { icon: IconFileCode, color: 'cyan' },
  text: { icon: IconFileText, color: 'gray' },
  other: { icon: IconFile, color: 'gray' },
};

/** An icon for the file's family of media types. */
export function FileTypeIcon({ mimetype, size = 32 }: { mimetype: string; size?: number }) {
  const { t } = useTranslation();
  const kind = fileKind(mimetype);
  const look = KIND_LOOKS[kind];
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="light"
      color={look.color}
      role="img"
      aria-label={t(`fileManagement.kinds.${kind}`)}
      data-kind={kind}
      style={{ flexShrink: 0 }}
    >
      <look.icon size={Math.round(size * 0.56)} stroke={1.6} />
    </ThemeIcon>
  );
}

/** An upload reserved but not yet committed (presigned uploads). */
export function UploadingBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      size="xs"
      variant="light"
      color="blue"
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-testid="uploading-badge"
    >
      {t('fileManagement.badges.uploading')}
    </Badge>
  );
}

type FileFacts = Pick<FileShare, 'expires_at' | 'max_views' | 'views'>;

/** When the share expires ("in 6 days"), or that it has. */
export function FileExpiry({ file }: { file: FileFacts }) {
  const { t, i18n } = useTranslation();
  if (!file.expires_at) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('fileManagement.never')}
      </Text>
    );
  }
  const expired = isFileExpired(file);
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={formatDateTime(file.expires_at, i18n.language)}>
        <Text size="sm" c={expired ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatRelative(file.expires_at, i18n.language)}
        </Text>
      </Tooltip>
      {expired && <ExpiredBadge />}
    </Group>
  );
}

/** "3 / 10" or "3 / ∞", and whether the views are used up. */
export function FileViews({ file }: { file: FileFacts }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const limit = file.max_views > 0 ? number.format(file.max_views) : '∞';
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip
        label={
          file.max_views > 0
            ? t('fileManagement.viewsTooltip', { views: file.views, max: file.max_views })
            : t('fileManagement.viewsUnlimitedTooltip', { count: file.views })
        }
      >
        <Text
          size="sm"
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          data-testid="file-views"
        >
          {number.format(file.views)} / {limit}
        </Text>
      </Tooltip>
      {isFileUsedUp(file) && <UsedUpBadge />}
    </Group>
  );
}
