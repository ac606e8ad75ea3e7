import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  CloseButton,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { PASTE_PAGE_SIZE, type PasteSummary, SEARCH_MIN_LENGTH } from '@sharebin/shared';
import {
  IconAlertCircle,
  IconClockX,
  IconFileText,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/api-client';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ModuleHeader } from '../../admin/components/ModuleHeader';
import { apiKeysApi } from '../../api-keys/api-keys.api';
import { apiKeysQueryKey } from '../../api-keys/api-keys.hooks';
import { PasteEditModal } from '../components/PasteEditModal';
import { PasteManagementList } from '../components/PasteManagementList';
import { PastePreviewModal } from '../components/PastePreviewModal';
import {
  useClearExpiredPastes,
  useDeletePaste,
  useDeletePastes,
  useManagedPastes,
  usePasteScope,
} from '../paste-management.hooks';

const SEARCH_DEBOUNCE_MS = 350;

/** Names of the API keys by id, for the admin's creator column; keys are the admin's to list. */
function useKeyNames(enabled: boolean): ReadonlyMap<string, string> | null {
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: apiKeysApi.list, enabled });
  return useMemo(() => {
    if (!enabled) return null;
    return new Map((keys.data ?? []).map((key) => [key.id, key.name]));
  }, [enabled, keys.data]);
}

/** The text-management module: every paste for the admin, a key's own for an API key. */
export default function TextManagementPage() {
  const { t } = useTranslation();
  const scope = usePasteScope();
  const isAdmin = scope === 'admin';
  const keyNames = useKeyNames(isAdmin);
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // SPEC §5: a keyword shorter than two characters is not searched for.
  const searchTooShort = debouncedSearch.length > 0 && debouncedSearch.length < SEARCH_MIN_LENGTH;
  const search = debouncedSearch.length >= SEARCH_MIN_LENGTH ? debouncedSearch : undefined;
  // The page belongs to its search: a new search starts on its first page.
  const [paging, setPaging] = useState<{ search: string | undefined; page: number }>({
    search: undefined,
    page: 1,
  });
  const page = paging.search === search ? paging.page : 1;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  // The targets outlive the open flags so the modals keep their content while they fade out.
  const [viewTarget, setViewTarget] = useState<PasteSummary | null>(null);
  const [viewOpen, setViewOpen] = useState(false);
  const [editTarget, setEditTarget] = useState<PasteSummary | null>(null);
  const [editOpen, setEditOpen] = useState(false);

  const pastes = useManagedPastes(page, search);
  const deletePaste = useDeletePaste();
  const deletePastes = useDeletePastes();
  const clearExpired = useClearExpiredPastes();

  const items = pastes.data?.items;
  const total = pastes.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PASTE_PAGE_SIZE));

  // Deleting the last pastes of the last page leads to the page before.
  useEffect(() => {
    if (pastes.data && !pastes.isPlaceholderData && page > pageCount) {
      setPaging({ search, page: pageCount });
    }
  }, [pastes.data, pastes.isPlaceholderData, page, pageCount, search]);

  // Only pastes still on screen (this page, this search) stay selected.
  useEffect(() => {
    if (!items) return;
    setSelected((current) => {
      const kept = new Set(items.filter((paste) => current.has(paste.id)).map((p) => p.id));
      return kept.size === current.size ? current : kept;
    });
  }, [items]);

  const changePage = (next: number) => {
    setPaging({ search, page: next });
    setSelected(new Set());
  };

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set((items ?? []).map((paste) => paste.id)) : new Set());

  const openView = (paste: PasteSummary) => {
    setViewTarget(paste);
    setViewOpen(true);
  };
  const openEdit = (paste: PasteSummary) => {
    setViewOpen(false);
    setEditTarget(paste);
    setEditOpen(true);
  };

  const confirmProps = { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, unknown>;

  const confirmDelete = (paste: PasteSummary) =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('textManagement.deleteConfirm.title')}</Text>,
      children: (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('textManagement.deleteConfirm.body', { slug: paste.slug })}
        </Text>
      ),
      labels: {
        confirm: t('textManagement.deleteConfirm.confirm'),
        cancel: t('textManagement.deleteConfirm.cancel'),
      },
      confirmProps,
      onConfirm: () =>
        deletePaste.mutate(paste.id, {
          onSuccess: () =>
            notifySuccess(t('textManagement.notifications.deleted', { slug: paste.slug })),
          onError: (error) => notifyError(error),
        }),
    });

  const confirmBatchDelete = () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    modals.openConfirmModal({
      title: <Text fw={700}>{t('textManagement.batchDeleteConfirm.title')}</Text>,
      children: (
        <Text size="sm">{t('textManagement.batchDeleteConfirm.body', { count: ids.length })}</Text>
      ),
      labels: {
        confirm: t('textManagement.batchDeleteConfirm.confirm', { count: ids.length }),
        cancel: t('textManagement.deleteConfirm.cancel'),
      },
      confirmProps,
      onConfirm: () =>
        deletePastes.mutate(ids, {
          onSuccess: ({ deleted }) => {
            setSelected(new Set());
            notifySuccess(t('textManagement.notifications.batchDeleted', { count: deleted }));
          },
          onError: (error) => notifyError(error),
        }),
    });
  };

  const confirmClearExpired = () =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('textManagement.clearExpiredConfirm.title')}</Text>,
      children: <Text size="sm">{t('textManagement.clearExpiredConfirm.body')}</Text>,
      labels: {
        confirm: t('textManagement.clearExpiredConfirm.confirm'),
        cancel: t('textManagement.deleteConfirm.cancel'),
      },
      confirmProps,
      onConfirm: () =>
        clearExpired.mutate(undefined, {
          onSuccess: ({ deleted }) =>
            notifySuccess(
              deleted === 0
                ? t('textManagement.notifications.nothingToClear')
                : t('textManagement.notifications.cleared', { count: deleted }),
            ),
          onError: (error) => notifyError(error),
        }),
    });

  let content: ReactNode;
  if (pastes.isPending) {
    content = (
      <Card p="lg">
        <Stack gap="md">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      </Card>
    );
  } else if (pastes.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('textManagement.loadFailed')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(pastes.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => pastes.refetch()}>
            {t('textManagement.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (pastes.data.items.length === 0) {
    content = (
      <Card p="xl" data-testid="paste-list-empty">
        <Center py="xl">
          <Stack align="center" gap="sm" ta="center" maw={380}>
            <ThemeIcon size={56} radius="xl" variant="light">
              {search ? (
                <IconSearch size={26} stroke={1.6} />
              ) : (
                <IconFileText size={28} stroke={1.6} />
              )}
            </ThemeIcon>
            <Text fw={600}>
              {search ? t('textManagement.noMatches', { search }) : t('textManagement.empty')}
            </Text>
            <Text size="sm" c="dimmed">
              {search ? t('textManagement.noMatchesHint') : t('textManagement.emptyHint')}
            </Text>
            {search ? (
              <Button mt="xs" variant="default" onClick={() => setSearchInput('')}>
                {t('textManagement.clearSearch')}
              </Button>
            ) : (
              <Button mt="xs" component={Link} to="/" leftSection={<IconPlus size={16} />}>
                {t('textManagement.create')}
              </Button>
            )}
          </Stack>
        </Center>
      </Card>
    );
  } else {
    const first = (page - 1) * PASTE_PAGE_SIZE + 1;
    const last = first + pastes.data.items.length - 1;
    content = (
      <Stack gap="md">
        <PasteManagementList
          pastes={pastes.data.items}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onView={openView}
          onEdit={openEdit}
          onDelete={confirmDelete}
          keyNames={keyNames}
        />
        <Group justify={phone ? 'center' : 'space-between'} gap="sm">
          <Text size="sm" c="dimmed" data-testid="paste-range">
            {t('textManagement.range', { first, last, total })}
          </Text>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={page}
              onChange={changePage}
              size={phone ? 'sm' : 'md'}
              siblings={phone ? 0 : 1}
              withEdges={!phone}
              getControlProps={(control) => ({
                'aria-label': t(`textManagement.pagination.${control}`),
              })}
              getItemProps={(item) => ({
                'aria-label': t('textManagement.pagination.page', { page: item }),
              })}
              data-testid="paste-pagination"
            />
          )}
        </Group>
      </Stack>
    );
  }

  const selectedCount = selected.size;

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.text-management')}
        description={
          isAdmin
            ? t('admin.moduleDescriptions.text-management')
            : t('textManagement.descriptionForKey')
        }
        actions={
          <>
            <Tooltip label={t('textManagement.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => pastes.refetch()}
                loading={pastes.isFetching && !pastes.isPending}
                aria-label={t('textManagement.refresh')}
              >
                <IconRefresh size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            {isAdmin && (
              <Button
                variant="default"
                leftSection={<IconClockX size={16} stroke={1.7} />}
                onClick={confirmClearExpired}
                loading={clearExpired.isPending}
                data-testid="clear-expired"
              >
                {t('textManagement.clearExpired')}
              </Button>
            )}
            <Button component={Link} to="/" leftSection={<IconPlus size={16} />}>
              {t('textManagement.create')}
            </Button>
          </>
        }
      />

      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
        <TextInput
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          placeholder={t('textManagement.searchPlaceholder')}
          aria-label={t('textManagement.search')}
          leftSection={<IconSearch size={16} stroke={1.7} />}
          rightSection={
            searchInput !== '' ? (
              <CloseButton
                size="sm"
                onClick={() => setSearchInput('')}
                aria-label={t('textManagement.clearSearch')}
              />
            ) : null
          }
          error={
            searchTooShort
              ? t('textManagement.searchTooShort', { min: SEARCH_MIN_LENGTH })
              : undefined
          }
          style={{ flex: '1 1 260px' }}
          maw={{ base: '100%', sm: 420 }}
          maxLength={100}
          data-testid="paste-search"
        />
        <Group
          gap="sm"
          mih={36}
          justify="flex-end"
          style={{ flex: phone ? '1 1 100%' : undefined }}
        >
          {selectedCount > 0 ? (
            <>
              <Text size="sm" fw={500} data-testid="selection-count">
                {t('textManagement.selected', { count: selectedCount })}
              </Text>
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                onClick={() => setSelected(new Set())}
              >
                {t('textManagement.clearSelection')}
              </Button>
              <Button
                color="red"
                size="xs"
                variant="light"
                leftSection={<IconTrash size={15} stroke={1.7} />}
                onClick={confirmBatchDelete}
                loading={deletePastes.isPending}
                data-testid="batch-delete"
              >
                {t('textManagement.deleteSelected')}
              </Button>
            </>
          ) : (
            pastes.data &&
            (total > 0 || search) && (
              <Text size="sm" c="dimmed" data-testid="paste-count">
                {search
                  ? t('textManagement.matchCount', { count: total })
                  : t('textManagement.count', { count: total })}
              </Text>
            )
          )}
        </Group>
      </Group>

      {content}

      <PastePreviewModal
        paste={viewTarget}
        opened={viewOpen}
        onClose={() => setViewOpen(false)}
        onExited={() => setViewTarget(null)}
        onEdit={openEdit}
      />
      <PasteEditModal
        paste={editTarget}
        opened={editOpen}
        onClose={() => setEditOpen(false)}
        onExited={() => setEditTarget(null)}
      />
    </>
  );
}
