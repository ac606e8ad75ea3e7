import {
  ActionIcon,
  Box,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  type TableTdProps,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionSelection } from '../use-collection';

/**
 * Where a column shows on a phone's card: `head` beside the checkbox, `aside` at the head's
 * other end (when the actions sit at the foot), `line` full width under the head, `field` a
 * labelled cell of the card's two-column grid, `wide` a labelled line under the grid.
 */
export type CardPlacement = 'head' | 'aside' | 'line' | 'field' | 'wide';

export interface TableColumn<T> {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** What the card shows instead of the table cell. */
  cardCell?: (item: T) => ReactNode;
  card?: CardPlacement;
  /** A column of the table only or of the card only (a table cell may join two card fields). */
  only?: 'table' | 'card';
  /** Size and padding of the table cell. */
  td?: Omit<TableTdProps, 'children'>;
  /** Only when true; false leaves the column out of table and card alike. */
  when?: boolean;
}

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  loading?: boolean;
  /** The tooltip and accessible name when they say more than "label name". */
  tooltip?: string;
  ariaLabel?: string;
  /** A state shown as an action that is already in force (the default storage's star). */
  current?: boolean;
  testId?: string;
}

export interface DataTableProps<T> {
  items: readonly T[];
  columns: readonly TableColumn<T>[];
  idOf: (item: T) => string;
  /** Names a row for screen readers: "Edit notes", "Select notes". */
  nameOf: (item: T) => string;
  actions?: (item: T) => RowAction[];
  /** Adds a selection column and lets the rows be ticked. */
  selection?: CollectionSelection;
  /** Test hooks: the list's and each row's `data-testid`, and extra row attributes. */
  testId: string;
  rowTestId: string;
  rowAttributes?: (item: T) => Record<string, string | undefined>;
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  /** Lines a card's checkbox up with its head (taller when the head starts with an icon). */
  cardCheckboxTop?: number;
  /** The card's actions beside its head (the default) or in a row at its foot. */
  cardActions?: 'head' | 'foot';
  /** A card whose border stands out in this colour (a selected row's is the primary colour). */
  cardHighlight?: (item: T) => string | undefined;
}

function RowActions({ actions, name }: { actions: RowAction[]; name: string }) {
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {actions.map((action) => (
        <Tooltip key={action.label} label={action.tooltip ?? action.label}>
          <ActionIcon
            variant="subtle"
            color={action.color ?? 'gray'}
            onClick={action.current ? undefined : action.onClick}
            loading={action.loading}
            aria-disabled={action.current || undefined}
            aria-label={action.ariaLabel ?? `${action.label} ${name}`}
            style={action.current ? { cursor: 'default' } : undefined}
            data-testid={action.testId}
          >
            {action.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box>{children}</Box>
    </Stack>
  );
}

/**
 * A management list: a table on wide screens, a list of cards on phones, with an optional
 * selection column whose header ticks the whole page. Every control is a native checkbox or
 * button, so the list is used with the keyboard as with the mouse.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const { items, idOf, nameOf, actions, selection, testId, rowTestId, rowAttributes } = props;
  const shown = props.columns.filter((column) => column.when !== false);

  const selectAll = selection && (
    <Checkbox
      checked={selection.all}
      indeterminate={selection.some}
      onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
      aria-label={t('management.selectAll')}
      data-testid="select-all"
    />
  );
  const rowCheckbox = (item: T) =>
    selection && (
      <Checkbox
        checked={selection.has(idOf(item))}
        onChange={(event) => selection.toggle(idOf(item), event.currentTarget.checked)}
        aria-label={t('common.selectItem', { name: nameOf(item) })}
      />
    );
  const isSelected = (item: T) => selection?.has(idOf(item)) ?? false;
  const rowActions = (item: T) =>
    actions && <RowActions actions={actions(item)} name={nameOf(item)} />;

  if (!wide) {
    const placed = (placement: CardPlacement) =>
      shown.filter((column) => column.only !== 'table' && (column.card ?? 'field') === placement);
    const cardCell = (column: TableColumn<T>, item: T) => (column.cardCell ?? column.cell)(item);
    const footActions = props.cardActions === 'foot';
    const borderOf = (item: T) => {
      const color = isSelected(item)
        ? 'var(--mantine-primary-color-filled)'
        : props.cardHighlight?.(item);
      return color ? { borderColor: color } : undefined;
    };
    return (
      <Stack gap="sm" data-testid={testId}>
        {selection && (
          <Group gap="sm" px="md">
            {selectAll}
            <Text size="sm" c="dimmed">
              {t('management.selectAll')}
            </Text>
          </Group>
        )}
        {items.map((item) => (
          <Card
            key={idOf(item)}
            p="md"
            data-testid={rowTestId}
            data-selected={isSelected(item) || undefined}
            {...rowAttributes?.(item)}
            style={borderOf(item)}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                  {selection && <Box pt={props.cardCheckboxTop ?? 2}>{rowCheckbox(item)}</Box>}
                  <Stack gap={6} miw={0}>
                    {placed('head').map((column) => (
                      <Box key={column.key} miw={0}>
                        {cardCell(column, item)}
                      </Box>
                    ))}
                  </Stack>
                </Group>
                {footActions
                  ? placed('aside').map((column) => (
                      <Box key={column.key}>{cardCell(column, item)}</Box>
                    ))
                  : rowActions(item)}
              </Group>
              {placed('line').map((column) => (
                <Box key={column.key} miw={0}>
                  {cardCell(column, item)}
                </Box>
              ))}
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                {placed('field').map((column) => (
                  <CardField key={column.key} label={column.header}>
                    {cardCell(column, item)}
                  </CardField>
                ))}
              </SimpleGrid>
              {placed('wide').map((column) => (
                <CardField key={column.key} label={column.header}>
                  {cardCell(column, item)}
                </CardField>
              ))}
              {footActions && (
                <Group justify="flex-end" pt={2}>
                  {rowActions(item)}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  const columns = shown.filter((column) => column.only !== 'card');
  return (
    <Card p={0} data-testid={testId}>
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          styles={{ th: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th pl="md" w={44}>
                  {selectAll}
                </Table.Th>
              )}
              {columns.map((column, index) => (
                <Table.Th key={column.key} pl={index === 0 && !selection ? 'md' : undefined}>
                  {column.header}
                </Table.Th>
              ))}
              {actions && (
                <Table.Th ta="right" pr="md">
                  {t('management.actions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={idOf(item)}
                data-testid={rowTestId}
                {...rowAttributes?.(item)}
                bg={isSelected(item) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {selection && <Table.Td pl="md">{rowCheckbox(item)}</Table.Td>}
                {columns.map((column, index) => (
                  <Table.Td
                    key={column.key}
                    pl={index === 0 && !selection ? 'md' : undefined}
                    {...column.td}
                  >
                    {column.cell(item)}
                  </Table.Td>
                ))}
                {actions && <Table.Td pr="md">{rowActions(item)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
