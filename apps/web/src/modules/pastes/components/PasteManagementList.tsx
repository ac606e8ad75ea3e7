import {
  ActionIcon,
  Anchor,
  Box,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PasteSummary } from '@sharebin/shared';
import {
  IconExternalLink,
  IconEye,
  IconKey,
  IconPencil,
  IconShieldCheck,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../app/format';
import { formatBytes, type PasteCreator, parseCreator } from '../paste-management.utils';
import { PasteExpiry, PasteKindBadges, PasteViews } from './PasteBadges';

export interface PasteManagementListProps {
  pastes: readonly PasteSummary[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onView: (paste: PasteSummary) => void;
  onEdit: (paste: PasteSummary) => void;
  onDelete: (paste: PasteSummary) => void;
  /** The admin sees who created each paste; null hides the column. */
  keyNames: ReadonlyMap<string, string> | null;
}

type RowActions = Pick<PasteManagementListProps, 'onView' | 'onEdit' | 'onDelete'>;

/** The share link, opening the paste page in a new tab. */
function SlugLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('textManagement.openInNewTab')}>
      <Anchor
        href={`/paste/${encodeURIComponent(slug)}`}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        fw={600}
        ff="monospace"
        w="fit-content"
        maw="100%"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0 }}
        data-testid="paste-link"
      >
        <Text span inherit truncate="end">
          {slug}
        </Text>
        <IconExternalLink size={13} stroke={1.8} style={{ flexShrink: 0 }} />
      </Anchor>
    </Tooltip>
  );
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

function Creator({
  creator,
  keyNames,
}: {
  creator: PasteCreator;
  keyNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const admin = creator.type === 'admin';
  const name = admin ? t('auth.administrator') : keyNames.get(creator.id);
  const Icon = admin ? IconShieldCheck : IconKey;
  const label = (
    <Group gap={6} wrap="nowrap" w="fit-content" data-testid="paste-creator">
      <ThemeIcon size={22} radius="xl" variant="light" color={admin ? 'indigo' : 'teal'}>
        <Icon size={13} stroke={1.8} />
      </ThemeIcon>
      <Text size="sm" maw={150} truncate="end" c={name ? undefined : 'dimmed'}>
        {name ?? t('textManagement.deletedKey')}
      </Text>
    </Group>
  );
  if (admin || !name) {
    return label;
  }
  return <Tooltip label={t('textManagement.createdByKey', { name })}>{label}</Tooltip>;
}

function Created({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip label={formatDateTime(iso, i18n.language)}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} w="fit-content">
        {formatRelative(iso, i18n.language)}
      </Text>
    </Tooltip>
  );
}

function Actions({ paste, onView, onEdit, onDelete }: { paste: PasteSummary } & RowActions) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('textManagement.view')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onView(paste)}
          aria-label={`${t('textManagement.view')} ${paste.slug}`}
        >
          <IconEye size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('textManagement.edit')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onEdit(paste)}
          aria-label={`${t('textManagement.edit')} ${paste.slug}`}
        >
          <IconPencil size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('textManagement.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(paste)}
          aria-label={`${t('textManagement.delete')} ${paste.slug}`}
        >
          <IconTrash size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A table on wide screens, a list of cards on phones. */
export function PasteManagementList({
  pastes,
  selected,
  onToggle,
  onToggleAll,
  keyNames,
  ...actions
}: PasteManagementListProps) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const selectedHere = pastes.filter((paste) => selected.has(paste.id)).length;
  const allSelected = pastes.length > 0 && selectedHere === pastes.length;
  const someSelected = selectedHere > 0 && !allSelected;

  const selectAll = (
    <Checkbox
      checked={allSelected}
      indeterminate={someSelected}
      onChange={(event) => onToggleAll(event.currentTarget.checked)}
      aria-label={t('textManagement.selectAll')}
      data-testid="select-all"
    />
  );

  const rowCheckbox = (paste: PasteSummary) => (
    <Checkbox
      checked={selected.has(paste.id)}
      onChange={(event) => onToggle(paste.id, event.currentTarget.checked)}
      aria-label={t('textManagement.selectPaste', { slug: paste.slug })}
    />
  );

  if (!wide) {
    return (
      <Stack gap="sm" data-testid="paste-list">
        <Group gap="sm" px="md">
          {selectAll}
          <Text size="sm" c="dimmed">
            {t('textManagement.selectAll')}
          </Text>
        </Group>
        {pastes.map((paste) => (
          <Card
            key={paste.id}
            p="md"
            data-testid="paste-row"
            data-slug={paste.slug}
            data-selected={selected.has(paste.id) || undefined}
            style={
              selected.has(paste.id)
                ? { borderColor: 'var(--mantine-primary-color-filled)' }
                : undefined
            }
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                  <Box pt={2}>{rowCheckbox(paste)}</Box>
                  <Stack gap={6} miw={0}>
                    <SlugLink slug={paste.slug} />
                    <PasteKindBadges paste={paste} />
                  </Stack>
                </Group>
                <Actions paste={paste} {...actions} />
              </Group>
              <RemarkAndPreview paste={paste} previewLines={3} />
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <CardField label={t('textManagement.columns.expires')}>
                  <PasteExpiry paste={paste} />
                </CardField>
                <CardField label={t('textManagement.columns.views')}>
                  <PasteViews paste={paste} />
                </CardField>
                <CardField label={t('textManagement.columns.size')}>
                  <Text size="sm">{formatBytes(paste.size, i18n.language)}</Text>
                </CardField>
                <CardField label={t('textManagement.columns.created')}>
                  <Created iso={paste.created_at} />
                </CardField>
                {keyNames && (
                  <CardField label={t('textManagement.columns.creator')}>
                    <Box>
                      <Creator creator={parseCreator(paste.created_by)} keyNames={keyNames} />
                    </Box>
                  </CardField>
                )}
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card p={0} data-testid="paste-list">
      <Table.ScrollContainer minWidth={keyNames ? 1040 : 920}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          styles={{ th: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md" w={44}>
                {selectAll}
              </Table.Th>
              <Table.Th>{t('textManagement.columns.link')}</Table.Th>
              <Table.Th>{t('textManagement.columns.remark')}</Table.Th>
              <Table.Th>{t('textManagement.columns.expires')}</Table.Th>
              <Table.Th>{t('textManagement.columns.views')}</Table.Th>
              <Table.Th>{t('textManagement.columns.size')}</Table.Th>
              <Table.Th>{t('textManagement.columns.created')}</Table.Th>
              {keyNames && <Table.Th>{t('textManagement.columns.creator')}</Table.Th>}
              <Table.Th ta="right" pr="md">
                {t('textManagement.columns.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pastes.map((paste) => (
              <Table.Tr
                key={paste.id}
                data-testid="paste-row"
                data-slug={paste.slug}
                bg={selected.has(paste.id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td pl="md">{rowCheckbox(paste)}</Table.Td>
                <Table.Td maw={220}>
                  <Stack gap={6} miw={0}>
                    <SlugLink slug={paste.slug} />
                    <PasteKindBadges paste={paste} />
                  </Stack>
                </Table.Td>
                <Table.Td miw={200} maw={340}>
                  <RemarkAndPreview paste={paste} previewLines={2} />
                </Table.Td>
                <Table.Td>
                  <PasteExpiry paste={paste} />
                </Table.Td>
                <Table.Td>
                  <PasteViews paste={paste} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(paste.size, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Created iso={paste.created_at} />
                </Table.Td>
                {keyNames && (
                  <Table.Td>
                    <Creator creator={parseCreator(paste.created_by)} keyNames={keyNames} />
                  </Table.Td>
                )}
                <Table.Td pr="md">
                  <Actions paste={paste} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
