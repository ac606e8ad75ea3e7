import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTION_OF, type ShareSectionState } from '../use-share-section';
import { CollectionEmpty, EmptyState, PagedCollection } from './CollectionStatus';
import { SearchAndBatchBar } from './CollectionToolbar';

/**
 * A share list laid out: search and batch bar, then the page of rows (`children`) with its
 * loading, error, no-match and empty states, in the words and test ids of the section's module.
 */
export function ShareSection<T>({
  section,
  icon: EmptyIcon,
  emptyAction,
  children,
}: {
  section: ShareSectionState<T>;
  /** The empty list's picture. */
  icon: Icon;
  /** What the empty list offers to do: make the first share. */
  emptyAction: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { collection, search } = section;
  const { words, testIdPrefix } = SECTION_OF[section.ns];
  const emptyTestId = `${testIdPrefix}-list-empty`;
  const empty = (
    <CollectionEmpty
      search={search.search}
      noMatches={{
        title: t('common.noMatches', { search: search.search }),
        hint: t(`${words}.noMatchesHint`),
      }}
      onClearSearch={search.clear}
      testId={emptyTestId}
    >
      <EmptyState
        testId={emptyTestId}
        icon={<EmptyIcon size={28} stroke={1.6} />}
        title={t(`${words}.empty`)}
        hint={t(`${words}.emptyHint`)}
        action={emptyAction}
      />
    </CollectionEmpty>
  );

  return (
    <>
      <SearchAndBatchBar
        collection={collection}
        search={search}
        texts={{
          label: t(`${words}.search`),
          placeholder: t(`${words}.searchPlaceholder`),
          count: (count) => t(`${words}.count`, { count }),
          matches: (count) => t(`${words}.matchCount`, { count }),
        }}
        testIdPrefix={testIdPrefix}
        batchDelete={section.batchDelete}
      />
      <PagedCollection
        collection={collection}
        errorTitle={t(`${words}.loadFailed`)}
        empty={empty}
        testIdPrefix={testIdPrefix}
      >
        {children}
      </PagedCollection>
    </>
  );
}
