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
import { FILE_PAGE_SIZE, type FileShare, SEARCH_MIN_LENGTH } from '@sharebin/shared';
import {
  IconAlertCircle,
  IconFiles,
  IconRefresh,
  IconSearch,
  IconTrash,
  IconUpload,
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
import { useStorageChoices } from '../../storage/storage.hooks';
import { storageDisplayName } from '../../storage/storage-name';
import { FileEditModal } from '../components/FileEditModal';
import { FileManagementList } from '../components/FileManagementList';
import { FilePreviewModal } from '../components/FilePreviewModal';
import {
  useDeleteFile,
  useDeleteFiles,
  useFileScope,
  useManagedFiles,
} from '../file-management.hooks';

const SEARCH_DEBOUNCE_MS = 350;

/** Names of the API keys by id, for the admin's creator column; keys are the admin's to list. */
function useKeyNames(enabled: boolean): ReadonlyMap<string, string> | null {
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: apiKeysApi.list, enabled });
  return useMemo(() => {
    if (!enabled) return null;
    return new Map((keys.data ?? []).map((key) => [key.id, key.name]));
  }, [enabled, keys.data]);
}

/** Names of the storages by id; an API key sees only those keys may use. */
function useStorageNames(): ReadonlyMap<string, string> {
  const storages = useStorageChoices();
  const { i18n } = useTranslation();
  // The built-in storage's name is translated: a language switch renames it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the trigger
  return useMemo(
    () =>
      new Map((storages.data ?? []).map((storage) => [storage.id, storageDisplayName(storage)])),
    [storages.data, i18n.language],
  );
}

/** The file-management module: every file share for the admin, a key's own for an API key. */
export default function FileManagementPage() {
  const { t } = useTranslation();
  const scope = useFileScope();
  const isAdmin = scope === 'admin';
  const keyNames = useKeyNames(isAdmin);
  const storageNames = useStorageNames();
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
  const [previewTarget, setPreviewTarget] = useState<FileShare | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [editTarget, setEditTarget] = useState<FileShare | null>(null);
  const [editOpen, setEditOpen] = useState(false);

  const files = useManagedFiles(page, search);
  const deleteFile = useDeleteFile();
  const deleteFiles = useDeleteFiles();

  const items = files.data?.items;
  const total = files.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / FILE_PAGE_SIZE));

  // Deleting the last files of the last page leads to the page before.
  useEffect(() => {
    if (files.data && !files.isPlaceholderData && page > pageCount) {
      setPaging({ search, page: pageCount });
    }
  }, [files.data, files.isPlaceholderData, page, pageCount, search]);

  // Only files still on screen (this page, this search) stay selected.
  useEffect(() => {
    if (!items) return;
    setSelected((current) => {
      const kept = new Set(items.filter((file) => current.has(file.id)).map((f) => f.id));
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
    setSelected(checked ? new Set((items ?? []).map((file) => file.id)) : new Set());

  const openPreview = (file: FileShare) => {
    setPreviewTarget(file);
    setPreviewOpen(true);
  };
  const openEdit = (file: FileShare) => {
    setPreviewOpen(false);
    setEditTarget(file);
    setEditOpen(true);
  };

  const confirmProps = { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, unknown>;

  const confirmDelete = (file: FileShare) =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('fileManagement.deleteConfirm.title')}</Text>,
      children: (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('fileManagement.deleteConfirm.body', { name: file.filename, slug: file.slug })}
        </Text>
      ),
      labels: {
        confirm: t('fileManagement.deleteConfirm.confirm'),
        cancel: t('fileManagement.deleteConfirm.cancel'),
      },
      confirmProps,
      onConfirm: () =>
        deleteFile.mutate(file.id, {
          onSuccess: () =>
            notifySuccess(t('fileManagement.notifications.deleted', { name: file.filename })),
          onError: (error) => notifyError(error),
        }),
    });

  const confirmBatchDelete = () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    modals.openConfirmModal({
      title: <Text fw={700}>{t('fileManagement.batchDeleteConfirm.title')}</Text>,
      children: (
        <Text size="sm">{t('fileManagement.batchDeleteConfirm.body', { count: ids.length })}</Text>
      ),
      labels: {
        confirm: t('fileManagement.batchDeleteConfirm.confirm', { count: ids.length }),
        cancel: t('fileManagement.deleteConfirm.cancel'),
      },
      confirmProps,
      onConfirm: () =>
        deleteFiles.mutate(ids, {
          onSuccess: ({ deleted }) => {
            setSelected(new Set());
            notifySuccess(t('fileManagement.notifications.batchDeleted', { count: deleted }));
          },
          onError: (error) => notifyError(error),
        }),
    });
  };

  let content: ReactNode;
  if (files.isPending) {
    content = (
      <Card p="lg">
        <Stack gap="md">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      </Card>
    );
  } else if (files.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('fileManagement.loadFailed')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(files.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => files.refetch()}>
            {t('fileManagement.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (files.data.items.length === 0) {
    content = (
      <Card p="xl" data-testid="file-list-empty">
        <Center py="xl">
          <Stack align="center" gap="sm" ta="center" maw={380}>
            <ThemeIcon size={56} radius="xl" variant="light">
              {search ? (
                <IconSearch size={26} stroke={1.6} />
              ) : (
                <IconFiles size={28} stroke={1.6} />
              )}
            </ThemeIcon>
            <Text fw={600}>
              {search ? t('fileManagement.noMatches', { search }) : t('fileManagement.empty')}
            </Text>
            <Text size="sm" c="dimmed">
              {search ? t('fileManagement.noMatchesHint') : t('fileManagement.emptyHint')}
            </Text>
            {search ? (
              <Button mt="xs" variant="default" onClick={() => setSearchInput('')}>
                {t('fileManagement.clearSearch')}
              </Button>
            ) : (
              <Button mt="xs" component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
                {t('fileManagement.upload')}
              </Button>
            )}
          </Stack>
        </Center>
      </Card>
    );
  } else {
    const first = (page - 1) * FILE_PAGE_SIZE + 1;
    const last = first + files.data.items.length - 1;
    content = (
      <Stack gap="md">
        <FileManagementList
          files={files.data.items}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onPreview={openPreview}
          onEdit={openEdit}
          onDelete={confirmDelete}
          storageNames={storageNames}
          keyNames={keyNames}
        />
        <Group justify={phone ? 'center' : 'space-between'} gap="sm">
          <Text size="sm" c="dimmed" data-testid="file-range">
            {t('fileManagement.range', { first, last, total })}
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
                'aria-label': t(`fileManagement.pagination.${control}`),
              })}
              getItemProps={(item) => ({
                'aria-label': t('fileManagement.pagination.page', { page: item }),
              })}
              data-testid="file-pagination"
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
        title={t('admin.moduleNames.file-management')}
        description={
          isAdmin
            ? t('admin.moduleDescriptions.file-management')
            : t('fileManagement.descriptionForKey')
        }
        actions={
          <>
            <Tooltip label={t('fileManagement.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => files.refetch()}
                loading={files.isFetching && !files.isPending}
                aria-label={t('fileManagement.refresh')}
              >
                <IconRefresh size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <Button component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
              {t('fileManagement.upload')}
            </Button>
          </>
        }
      />

      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
        <TextInput
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          placeholder={t('fileManagement.searchPlaceholder')}
          aria-label={t('fileManagement.search')}
          leftSection={<IconSearch size={16} stroke={1.7} />}
          rightSection={
            searchInput !== '' ? (
              <CloseButton
                size="sm"
                onClick={() => setSearchInput('')}
                aria-label={t('fileManagement.clearSearch')}
              />
            ) : null
          }
          error={
            searchTooShort
              ? t('fileManagement.searchTooShort', { min: SEARCH_MIN_LENGTH })
              : undefined
          }
          style={{ flex: '1 1 260px' }}
          maw={{ base: '100%', sm: 420 }}
          maxLength={100}
          data-testid="file-search"
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
                {t('fileManagement.selected', { count: selectedCount })}
              </Text>
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                onClick={() => setSelected(new Set())}
              >
                {t('fileManagement.clearSelection')}
              </Button>
              <Button
                color="red"
                size="xs"
                variant="light"
                leftSection={<IconTrash size={15} stroke={1.7} />}
                onClick={confirmBatchDelete}
                loading={deleteFiles.isPending}
                data-testid="batch-delete"
              >
                {t('fileManagement.deleteSelected')}
              </Button>
            </>
          ) : (
            files.data &&
            (total > 0 || search) && (
              <Text size="sm" c="dimmed" data-testid="file-count">
                {search
                  ? t('fileManagement.matchCount', { count: total })
                  : t('fileManagement.count', { count: total })}
              </Text>
            )
          )}
        </Group>
      </Group>

      {content}

      <FilePreviewModal
        file={previewTarget}
        storageName={previewTarget ? storageNames.get(previewTarget.s3_config_id) : undefined}
        opened={previewOpen}
        onClose={() => setPreviewOpen(false)}
        onExited={() => setPreviewTarget(null)}
        onEdit={openEdit}
      />
      <FileEditModal
        file={editTarget}
        opened={editOpen}
        onClose={() => setEditOpen(false)}
        onExited={() => setEditTarget(null)}
      />
    </>
  );
}
