import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { FsShare } from '@sharebin/shared';
import { IconCheck, IconCopy, IconLock, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { notifyError, notifySuccess } from '../../../app/notify';
import { confirmDanger } from '../../management';
import { isShareLive } from '../fs-share.paths';
import { fsSharesApi } from '../fs-shares.api';
import { fsSharesQueryKey, useDeleteFsShare, useSessionKey } from '../fs-shares.hooks';

/** One link: its suffix (opening it), a copy button and a delete. */
function ExistingShare({ share }: { share: FsShare }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  const remove = useDeleteFsShare();
  const confirmRemove = () =>
    confirmDanger({
      title: t('fsShares.manage.deleteConfirm.title'),
      body: t('fsShares.manage.deleteConfirm.body', { slug: share.slug, name: share.name }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        remove.mutate(share, {
          onSuccess: () => notifySuccess(t('fsShares.notifications.deleted', { slug: share.slug })),
          onError: (error) => notifyError(error),
        }),
    });
  return (
    <Group gap={6} wrap="nowrap" data-testid="fs-share-existing" data-slug={share.slug}>
      <Anchor
        href={share.url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        ff="monospace"
        truncate="end"
        miw={0}
      >
        {share.slug}
      </Anchor>
      {share.has_password && (
        <IconLock size={13} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      )}
      <Tooltip label={copied ? t('fsShares.link.copied') : t('fsShares.link.copyLink')}>
        <ActionIcon
          size="sm"
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          onClick={() => void copy(share.url)}
          aria-label={`${t('fsShares.link.copyLink')} ${share.slug}`}
        >
          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={confirmRemove}
          aria-label={`${t('common.delete')} ${share.slug}`}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The live links already made to this very file or folder, so that the owner sees them (and
 * can end one) before making another: a key without file management has no other list.
 */
export function ExistingShares({ path }: { path: string }) {
  const { t } = useTranslation();
  const session = useSessionKey();
  const shares = useQuery({
    queryKey: [...fsSharesQueryKey, session, 'at', path],
    queryFn: () => fsSharesApi.list({ under: path, limit: 200, offset: 0 }),
    select: (list) => list.items.filter((share) => share.path === path && isShareLive(share)),
    retry: false,
  });
  const found = shares.data ?? [];
  if (found.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('fsShares.create.existing', { count: found.length })}
      </Text>
      {found.map((share) => (
        <ExistingShare key={share.id} share={share} />
      ))}
    </Stack>
  );
}
