import { Badge, Group } from '@mantine/core';
import type { ApiKeyPermissions } from '@sharebin/shared';
import { IconClipboardText, IconFile, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const PERMISSIONS = [
  { name: 'text', color: 'indigo', icon: IconClipboardText },
  { name: 'file', color: 'teal', icon: IconFile },
  { name: 'mount', color: 'grape', icon: IconFolders },
] as const;

export function PermissionBadges({
  permissions,
  size = 'sm',
  wrap = 'wrap',
  mountReadOnly = false,
}: {
  permissions: ApiKeyPermissions;
  /** The mount permission allows browsing and downloads only. */
  mountReadOnly?: boolean;
  size?: 'xs' | 'sm' | 'md';
  wrap?: 'wrap' | 'nowrap';
}) {
  const { t } = useTranslation();
  const granted = PERMISSIONS.filter((permission) => permissions[permission.name]);
  if (granted.length === 0) {
    return (
      <Badge size={size} color="gray" variant="outline" data-permission="none">
        {t('permissions.none')}
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap={wrap}>
      {granted.map((permission) => (
        <Badge
          key={permission.name}
          size={size}
          color={permission.color}
          variant="light"
          leftSection={<permission.icon size={12} stroke={2} />}
          data-permission={permission.name}
          data-read-only={(permission.name === 'mount' && mountReadOnly) || undefined}
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {permission.name === 'mount' && mountReadOnly
            ? t('permissions.mountReadOnly')
            : t(`permissions.${permission.name}`)}
        </Badge>
      ))}
    </Group>
  );
}
