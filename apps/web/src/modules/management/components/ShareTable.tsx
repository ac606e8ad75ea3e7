import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionSelection } from '../use-collection';
import { DataTable, type RowAction, type TableColumn } from './DataTable';
import { deleteAction, editAction } from './row-actions';
import { RelativeTime, ShareCreator } from './ShareCells';
import type { ShareNamespace } from './ShareSettingsFields';

/** What every listed share has: pastes, file shares and shares of mounted paths. */
interface ListedShare {
  id: string;
  slug: string;
  created_at: string;
  created_by: string;
}

/** What a share list is handed besides its rows and its own action. */
export interface ShareListProps<T> {
  selection: CollectionSelection;
  onEdit: (share: T) => void;
  onDelete: (share: T) => void;
  /** The admin sees who created each share; null hides the column. */
  keyNames: ReadonlyMap<string, string> | null;
}

/** Who created a share, named in `ns`'s words; nothing for a key, which sees only its own. */
export interface CreatorCell {
  ns: ShareNamespace;
  keyNames: ReadonlyMap<string, string> | null;
  testId: string;
}

export const shareCreatorCell =
  <T extends ListedShare>({ ns, keyNames, testId }: CreatorCell) =>
  (share: T) =>
    keyNames && (
      <ShareCreator ns={ns} createdBy={share.created_by} keyNames={keyNames} testId={testId} />
    );

/**
 * The link column: the share's link and its badges, stacked in the table and side by side on
 * the card's line under its head.
 */
export function shareLinkColumn<T>(
  header: string,
  linkAndBadges: (share: T) => ReactNode,
): TableColumn<T> {
  return {
    key: 'link',
    header,
    card: 'line',
    td: { maw: 200 },
    cell: (share) => (
      <Stack gap={6} miw={0} align="flex-start">
        {linkAndBadges(share)}
      </Stack>
    ),
    cardCell: (share) => (
      <Group gap="xs" wrap="wrap" miw={0}>
        {linkAndBadges(share)}
      </Group>
    ),
  };
}

/**
 * When each share was made and by whom. The creator shares the time's column in the table, so
 * that a wide table still fits beside the console's navigation from 1366 px up; a card shows
 * them as two fields.
 */
export function createdColumns<T extends ListedShare>(
  headers: { created: string; creator: string },
  creator: CreatorCell,
): TableColumn<T>[] {
  const creatorOf = shareCreatorCell<T>(creator);
  return [
    {
      key: 'created',
      header: headers.created,
      cell: (share) => (
        <Stack gap={6}>
          <RelativeTime iso={share.created_at} />
          {creatorOf(share)}
        </Stack>
      ),
      cardCell: (share) => <RelativeTime iso={share.created_at} />,
    },
    {
      key: 'creator',
      header: headers.creator,
      only: 'card',
      when: creator.keyNames !== null,
      cell: creatorOf,
    },
  ];
}

/**
 * A list of shares: each row named by its link suffix (`data-slug`), with the list's own action
 * (preview, view, copy) before edit and delete. `testIdPrefix` names the list (`<prefix>-list`)
 * and its rows (`<prefix>-row`).
 */
export function ShareTable<T extends ListedShare>({
  items,
  columns,
  selection,
  ownAction,
  onEdit,
  onDelete,
  testIdPrefix,
  minWidth,
  cardCheckboxTop,
}: {
  items: readonly T[];
  columns: readonly TableColumn<T>[];
  ownAction: (share: T) => RowAction;
  testIdPrefix: string;
  minWidth: number;
  cardCheckboxTop?: number;
} & Omit<ShareListProps<T>, 'keyNames'>) {
  const { t } = useTranslation();
  return (
    <DataTable
      items={items}
      columns={columns}
      idOf={(share) => share.id}
      nameOf={(share) => share.slug}
      selection={selection}
      actions={(share) => [
        ownAction(share),
        editAction(t('common.edit'), () => onEdit(share)),
        deleteAction(t('common.delete'), () => onDelete(share)),
      ]}
      testId={`${testIdPrefix}-list`}
      rowTestId={`${testIdPrefix}-row`}
      rowAttributes={(share) => ({ 'data-slug': share.slug })}
      minWidth={minWidth}
      cardCheckboxTop={cardCheckboxTop}
    />
  );
}
