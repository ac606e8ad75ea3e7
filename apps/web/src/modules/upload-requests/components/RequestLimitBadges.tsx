import { Badge, Group } from '@mantine/core';
import type { UploadRequest } from '@sharebin/shared';
import { IconClock, IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { formatBytes } from '../../../shared/format-bytes';

type RequestLimits = Pick<
  UploadRequest,
  'max_files' | 'max_file_size' | 'max_total_size' | 'allowed_types'
>;

/** What a request accepts, each limit it has in a few words; the types as they were given. */
export function limitTexts(t: TFunction, language: string, request: RequestLimits): string[] {
  const words = 'uploadRequests.limits';
  const bytes = (value: number) => formatBytes(value, language);
  return [
    ...(request.max_files > 0 ? [t(`${words}.maxFiles`, { count: request.max_files })] : []),
    ...(request.max_file_size > 0
      ? [t(`${words}.perFile`, { value: bytes(request.max_file_size) })]
      : []),
    ...(request.max_total_size > 0
      ? [t(`${words}.maxTotal`, { value: bytes(request.max_total_size) })]
      : []),
    ...(request.allowed_types.length > 0
      ? [request.allowed_types.join(', ')]
      : [t(`${words}.anyType`)]),
  ];
}

/**
 * A request's limits as badges, after its password and expiry when `withAccess`: what the
 * owner checks at a glance after making it, and in its own view.
 */
export function RequestLimitBadges({
  request,
  withAccess,
}: {
  request: RequestLimits & Pick<UploadRequest, 'has_password' | 'expires_at'>;
  withAccess?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={6} data-testid="upload-request-limits">
      {withAccess && request.has_password && (
        <Badge variant="light" color="grape" tt="none" leftSection={<IconLock size={12} />}>
          {t('uploadRequests.view.meta.protected')}
        </Badge>
      )}
      {withAccess && (
        <Badge variant="light" color="gray" tt="none" leftSection={<IconClock size={12} />}>
          {t('uploadRequests.limits.expires', {
            value: request.expires_at
              ? formatDateTime(request.expires_at, i18n.language)
              : t('common.never'),
          })}
        </Badge>
      )}
      {limitTexts(t, i18n.language, request).map((text) => (
        <Badge key={text} variant="light" color="gray" tt="none">
          {text}
        </Badge>
      ))}
    </Group>
  );
}
