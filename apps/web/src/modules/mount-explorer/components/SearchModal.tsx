import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { FsEntry, FsSearchScope } from '@sharebin/shared';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { formatSize } from '../explorer.format';
import { FS_QUERY_ROOT } from '../explorer.hooks';
import { parentPath } from '../explorer.paths';
import { nextSearchOffset, searchCount, searchProblem, searchRequest } from '../explorer.search';
import { fsApi } from '../fs.api';
import { EntryIcon } from './EntryIcon';

/**
 * Search by name (SPEC §5: at least two characters) everywhere, in this mount or in this
 * folder. A folder found opens; a file opens its folder with its preview.
 */
export function SearchModal({
  opened,
  folder,
  mountId,
  initialQuery,
  onClose,
  onOpen,
}: {
  opened: boolean;
  folder: string;
  mountId: string | null;
  initialQuery: string;
  onClose: () => void;
  onOpen: (entry: FsEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState(initialQuery);
  const [scope, setScope] = useState<FsSearchScope>('global');
  const [submitted, setSubmitted] = useState<{ q: string; scope: FsSearchScope } | null>(null);
  const [problem, setProblem] = useState(false);

  // Each opening starts from `initialQuery` in the last scope; a scope change searches itself.
  const startFrom = useEffectEvent((start: string) => {
    setQuery(start);
    setProblem(false);
    setSubmitted(searchProblem(start) ? null : { q: start, scope });
  });
  useEffect(() => {
    if (opened) startFrom(initialQuery);
  }, [opened, initialQuery]);

  const results = useInfiniteQuery({
    queryKey: [FS_QUERY_ROOT, 'search', submitted, folder, mountId],
    enabled: submitted !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      fsApi.search(
        searchRequest({
          query: submitted?.q ?? '',
          scope: submitted?.scope ?? 'global',
          folder,
          mountId,
          offset: pageParam,
        }),
        signal,
      ),
    getNextPageParam: (_last, pages) => nextSearchOffset(pages),
    retry: false,
    // The dialog shows its own error offline; only a page's data brings the offline page.
    throwOnError: false,
  });

  const submit = (nextScope = scope) => {
    if (searchProblem(query)) {
      setProblem(true);
      setSubmitted(null);
      return;
    }
    setProblem(false);
    setSubmitted({ q: query.trim(), scope: nextScope });
  };
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = searchCount(results.data?.pages ?? []);

  return (
    <Modal opened={opened} onClose={onClose} title={t('common.search')} size="lg" centered>
      <Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              leftSection={<IconSearch size={16} />}
              placeholder={t('mountExplorer.search.placeholder')}
              value={query}
              onChange={(event) => {
                setQuery(event.currentTarget.value);
                setProblem(false);
              }}
              error={problem ? t('mountExplorer.search.tooShort') : undefined}
              data-autofocus
              data-testid="search-input"
              aria-label={t('mountExplorer.search.placeholder')}
            />
            <Button type="submit" data-testid="search-submit">
              {t('common.search')}
            </Button>
          </Group>
        </form>
        <SegmentedControl
          size="xs"
          value={scope}
          aria-label={t('mountExplorer.search.scopeLabel')}
          onChange={(value) => {
            const next = value as FsSearchScope;
            setScope(next);
            if (submitted) submit(next);
          }}
          data={[
            { value: 'global', label: t('mountExplorer.search.scope.global') },
            { value: 'mount', label: t('mountExplorer.search.scope.mount'), disabled: !mountId },
            {
              value: 'directory',
              label: t('mountExplorer.search.scope.directory'),
              disabled: !mountId,
            },
          ]}
        />
        {submitted && results.isPending && (
          <Center py="lg">
            <Loader size="sm" type="dots" />
          </Center>
        )}
        {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
        {submitted && results.isSuccess && (
          <>
            <Text size="sm" c="dimmed" data-testid="search-count">
              {items.length === 0
                ? t('mountExplorer.search.none', { q: submitted.q })
                : total.atLeast
                  ? t('mountExplorer.search.resultsAtLeast', {
                      total: new Intl.NumberFormat(i18n.language).format(total.count),
                    })
                  : t('mountExplorer.search.results', { count: total.count })}
            </Text>
            <ScrollArea.Autosize mah={360}>
              {items.map((entry) => (
                <NavLink
                  key={entry.path}
                  label={entry.name}
                  description={[
                    entry.is_directory ? entry.path : parentPath(entry.path),
                    formatSize(entry, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  leftSection={<EntryIcon entry={entry} size={20} />}
                  onClick={() => onOpen(entry)}
                  data-testid="search-result"
                />
              ))}
            </ScrollArea.Autosize>
            {results.hasNextPage && (
              <Button
                variant="subtle"
                onClick={() => void results.fetchNextPage()}
                loading={results.isFetchingNextPage}
              >
                {t('mountExplorer.search.loadMore')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
