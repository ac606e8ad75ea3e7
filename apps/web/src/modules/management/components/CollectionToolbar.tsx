import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Pagination,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SEARCH_MIN_LENGTH } from '@sharebin/shared';
import { IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Collection, CollectionSelection, SearchInput } from '../use-collection';

const usePhone = () =>
  useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

/** The header's refresh button; it spins while a refetch runs behind the shown list. */
export function RefreshButton({
  query,
}: {
  query: Pick<UseQueryResult, 'refetch' | 'isFetching' | 'isPending'>;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('common.refresh')}>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => query.refetch()}
        loading={query.isFetching && !query.isPending}
        aria-label={t('common.refresh')}
      >
        <IconRefresh size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The search box: a keyword shorter than SPEC §5's minimum says so instead of searching. */
export function SearchField({
  search,
  label,
  placeholder,
  testId,
}: {
  search: SearchInput;
  label: string;
  placeholder: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      value={search.input}
      onChange={(event) => search.setInput(event.currentTarget.value)}
      placeholder={placeholder}
      aria-label={label}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      rightSection={
        search.input !== '' ? (
          <CloseButton size="sm" onClick={search.clear} aria-label={t('management.clearSearch')} />
        ) : null
      }
      error={
        search.tooShort ? t('management.searchTooShort', { min: SEARCH_MIN_LENGTH }) : undefined
      }
      style={{ flex: '1 1 260px' }}
      maw={{ base: '100%', sm: 420 }}
      maxLength={100}
      data-testid={testId}
    />
  );
}

/**
 * The bar beside the search: with rows ticked, their count and the batch actions; otherwise
 * `idle` (the list's count).
 */
export function SelectionBar({
  selection,
  actions,
  idle,
}: {
  selection: CollectionSelection;
  actions: ReactNode;
  idle: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Group gap="sm" mih={36} justify="flex-end" style={{ flex: phone ? '1 1 100%' : undefined }}>
      {selection.count > 0 ? (
        <>
          <Text size="sm" fw={500} data-testid="selection-count" aria-live="polite">
            {t('common.selectedCount', { count: selection.count })}
          </Text>
          <Button variant="subtle" color="gray" size="xs" onClick={selection.clear}>
            {t('common.clearSelection')}
          </Button>
          {actions}
        </>
      ) : (
        idle
      )}
    </Group>
  );
}

/** The search field and the selection bar, in one wrapping row above the list. */
export function CollectionToolbar({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
      {children}
    </Group>
  );
}

/** "11–12 of 12" and the page buttons, smaller and without edges on a phone. */
export function CollectionPager({
  collection,
  testIdPrefix,
}: {
  collection: Pick<Collection<unknown>, 'range' | 'page' | 'pageCount' | 'setPage'>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const { range, page, pageCount, setPage } = collection;
  return (
    <Group justify={phone ? 'center' : 'space-between'} gap="sm">
      <Text size="sm" c="dimmed" data-testid={`${testIdPrefix}-range`}>
        {t('management.range', range)}
      </Text>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={page}
          onChange={setPage}
          size={phone ? 'sm' : 'md'}
          siblings={phone ? 0 : 1}
          withEdges={!phone}
          getControlProps={(control) => ({
            'aria-label': t(`management.pagination.${control}`),
          })}
          getItemProps={(item) => ({
            'aria-label': t('management.pagination.page', { page: item }),
          })}
          data-testid={`${testIdPrefix}-pagination`}
        />
      )}
    </Group>
  );
}

/** Deletes the ticked rows (after useBatchDelete's confirmation). */
export function BatchDeleteButton({
  batchDelete,
}: {
  batchDelete: { confirm: () => void; isPending: boolean };
}) {
  const { t } = useTranslation();
  return (
    <Button
      color="red"
      size="xs"
      variant="light"
      leftSection={<IconTrash size={15} stroke={1.7} />}
      onClick={batchDelete.confirm}
      loading={batchDelete.isPending}
      data-testid="batch-delete"
    >
      {t('management.deleteSelected')}
    </Button>
  );
}

/**
 * The toolbar of a searchable list with batch delete: the search field, then either the
 * list's count (of matches, while searching) or, with rows ticked, their count and delete.
 */
export function SearchAndBatchBar({
  collection,
  search,
  texts,
  testIdPrefix,
  batchDelete,
}: {
  collection: Pick<Collection<unknown>, 'selection' | 'total' | 'query'>;
  search: SearchInput;
  texts: {
    label: string;
    placeholder: string;
    count: (count: number) => string;
    matches: (count: number) => string;
  };
  /** `paste` gives `paste-search` and `paste-count`. */
  testIdPrefix: string;
  batchDelete: { confirm: () => void; isPending: boolean };
}) {
  const { total } = collection;
  const showCount = collection.query.data !== undefined && (total > 0 || search.search);
  return (
    <CollectionToolbar>
      <SearchField
        search={search}
        label={texts.label}
        placeholder={texts.placeholder}
        testId={`${testIdPrefix}-search`}
      />
      <SelectionBar
        selection={collection.selection}
        actions={<BatchDeleteButton batchDelete={batchDelete} />}
        idle={
          showCount && (
            <Text size="sm" c="dimmed" data-testid={`${testIdPrefix}-count`}>
              {search.search ? texts.matches(total) : texts.count(total)}
            </Text>
          )
        }
      />
    </CollectionToolbar>
  );
}
