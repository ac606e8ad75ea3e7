import { Stack, Text } from '@mantine/core';
import type { PasteSummary } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { appPath } from '../../../app/runtime-config';
import { formatBytes } from '../../../shared/format-bytes';
import {
  RelativeTime,
  ShareLink,
  type ShareListProps,
  ShareTable,
  shareCreatorCell,
  type TableColumn,
  viewAction,
} from '../../management';
import { PasteExpiry, PasteKindBadges, PasteViews } from './PasteBadges';

export interface PasteManagementListProps extends ShareListProps<PasteSummary> {
  pastes: readonly PasteSummary[];
  onView: (paste: PasteSummary) => void;
}

/** The remark (or a muted placeholder) and a one-line-ish glimpse of the content. */
function RemarkAndPreview({ paste, previewLines }: { paste: PasteSummary; previewLines: number }) {
  const { t } = useTranslation();
  const preview = paste.preview.replace(/\s+/g, ' ').trim();
  return (
    <Stack gap={2} miw={0}>
      {paste.remark ? (
        <Text size="sm" fw={500} lineClamp={1} data-testid="paste-remark">
          {paste.remark}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {t('textManagement.noRemark')}
        </Text>
      )}
      <Text
        size="xs"
        c="dimmed"
        lineClamp={previewLines}
        style={{ wordBreak: 'break-word' }}
        data-testid="paste-preview"
      >
        {preview}
      </Text>
    </Stack>
  );
}

/** The pastes of one page: a table on wide screens, cards on phones. */
export function PasteManagementList({
  pastes,
  selection,
  onView,
  onEdit,
  onDelete,
  keyNames,
}: PasteManagementListProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<PasteSummary>[] = [
    {
      key: 'link',
      header: t('textManagement.columns.link'),
      card: 'head',
      td: { maw: 220 },
      cell: (paste) => (
        <Stack gap={6} miw={0}>
          <ShareLink
            ns="textManagement"
            href={appPath(`/paste/${encodeURIComponent(paste.slug)}`)}
            slug={paste.slug}
            testId="paste-link"
          />
          <PasteKindBadges paste={paste} />
        </Stack>
      ),
    },
    {
      key: 'remark',
      header: t('textManagement.columns.remark'),
      card: 'line',
      td: { miw: 200, maw: 340 },
      cell: (paste) => <RemarkAndPreview paste={paste} previewLines={2} />,
      cardCell: (paste) => <RemarkAndPreview paste={paste} previewLines={3} />,
    },
    {
      key: 'expires',
      header: t('common.expires'),
      cell: (paste) => <PasteExpiry paste={paste} />,
    },
    {
      key: 'views',
      header: t('textManagement.columns.views'),
      cell: (paste) => <PasteViews paste={paste} />,
    },
    {
      key: 'size',
      header: t('common.size'),
      cell: (paste) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(paste.size, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'created',
      header: t('common.created'),
      cell: (paste) => <RelativeTime iso={paste.created_at} />,
    },
    {
      key: 'creator',
      header: t('textManagement.columns.creator'),
      when: keyNames !== null,
      cell: shareCreatorCell({ ns: 'textManagement', keyNames, testId: 'paste-creator' }),
    },
  ];

  return (
    <ShareTable
      items={pastes}
      columns={columns}
      selection={selection}
      ownAction={(paste) => viewAction(t('textManagement.view'), () => onView(paste))}
      onEdit={onEdit}
      onDelete={onDelete}
      testIdPrefix="paste"
      minWidth={keyNames ? 1040 : 920}
    />
  );
}
