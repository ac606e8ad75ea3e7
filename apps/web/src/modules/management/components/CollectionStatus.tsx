import { Alert, Button, Card, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import type { Collection } from '../use-collection';
import { CollectionPager } from './CollectionToolbar';

/** A list's place while it loads: a few grey rows. */
function LoadingRows({ rows, height }: { rows: number; height: number }) {
  // Stable names for rows that never move.
  const names = Array.from({ length: rows }, (_, row) => `row-${row}`);
  return (
    <Card p="lg">
      <Stack gap="md">
        {names.map((name) => (
          <Skeleton key={name} h={height} />
        ))}
      </Stack>
    </Card>
  );
}

/** What an empty list says, and what to do about it. */
export function EmptyState({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card p="xl" data-testid={testId}>
      <Center py="xl">
        <Stack align="center" gap="sm" ta="center" maw={380}>
          <ThemeIcon size={56} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
          {action}
        </Stack>
      </Center>
    </Card>
  );
}

/** On a failed load: the kit's alert titled `errorTitle`, or the list's own `failed`. */
type FailedState =
  | { errorTitle: string; failed?: never }
  | { failed: ReactNode; errorTitle?: never };

/**
 * The loading rows, the error with a retry, the empty state, or the list itself: every
 * management list goes through the same four states. A list may bring its own placeholder
 * (`loading`, shaped like its rows) and error (`failed`) instead of the kit's.
 */
export function CollectionStatus({
  query,
  isEmpty,
  empty,
  skeleton = { rows: 4, height: 44 },
  loading,
  errorTitle,
  failed,
  children,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  isEmpty: boolean;
  empty: ReactNode;
  skeleton?: { rows: number; height: number };
  loading?: ReactNode;
  children: ReactNode;
} & FailedState) {
  if (query.isPending) return loading ?? <LoadingRows {...skeleton} />;
  if (query.isError) return failed ?? <LoadFailed query={query} title={errorTitle} />;
  return isEmpty ? empty : children;
}

/** A load that failed: why, and a way to try again. */
export function LoadFailed({
  query,
  title,
}: {
  query: Pick<UseQueryResult, 'error' | 'refetch'>;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(query.error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * A list with nothing to show: "nothing matches" with a way out of the search, or, without a
 * search, the list's own empty state.
 */
export function CollectionEmpty({
  search,
  noMatches,
  onClearSearch,
  testId,
  children,
}: {
  search: string | undefined;
  noMatches: { title: string; hint: string };
  onClearSearch: () => void;
  testId: string;
  /** The empty state without a search. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!search) return children;
  return (
    <EmptyState
      testId={testId}
      icon={<IconSearch size={26} stroke={1.6} />}
      title={noMatches.title}
      hint={noMatches.hint}
      action={
        <Button mt="xs" variant="default" onClick={onClearSearch}>
          {t('management.clearSearch')}
        </Button>
      }
    />
  );
}

/** A paged list in its four states, with the range and page buttons under the rows. */
export function PagedCollection({
  collection,
  errorTitle,
  empty,
  testIdPrefix,
  children,
}: {
  collection: Pick<
    Collection<unknown>,
    'query' | 'items' | 'range' | 'page' | 'pageCount' | 'setPage'
  >;
  errorTitle: string;
  empty: ReactNode;
  /** `paste` gives `paste-range` and `paste-pagination`. */
  testIdPrefix: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <CollectionStatus
      query={collection.query}
      isEmpty={collection.items?.length === 0}
      errorTitle={errorTitle}
      empty={empty}
    >
      <Stack gap="md">
        {children}
        <CollectionPager collection={collection} testIdPrefix={testIdPrefix} />
      </Stack>
    </CollectionStatus>
  );
}
