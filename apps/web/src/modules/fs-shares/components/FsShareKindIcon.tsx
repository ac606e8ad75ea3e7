import { ThemeIcon } from '@mantine/core';
import type { FsShareKind } from '@sharebin/shared';
import { IconFolderFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PLAIN_LANGUAGE } from '../../editor';
import { fileTypeIcon, previewKind, textLanguage } from '../../files';

/** A shared folder, or a shared file by the type its name says (the list has no media type). */
export function FsShareKindIcon({
  kind,
  name,
  size = 32,
}: {
  kind: FsShareKind;
  name: string;
  size?: number;
}) {
  const { t } = useTranslation();
  const fileKind = previewKind('', name);
  // Plain text (notes.txt) is told from code by its name alone.
  const plain = fileKind === 'text' && textLanguage('', name) === PLAIN_LANGUAGE;
  const Icon =
    kind === 'folder' ? IconFolderFilled : fileTypeIcon(fileKind, plain ? 'text/plain' : '');
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="light"
      color={kind === 'folder' ? 'yellow' : 'gray'}
      role="img"
      aria-label={t(`fsShares.kinds.${kind}`)}
      data-kind={kind}
      style={{ flexShrink: 0 }}
    >
      <Icon size={Math.round(size * 0.56)} stroke={1.6} />
    </ThemeIcon>
  );
}
