import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** The red confirm button carries a test hook; Mantine types confirmProps without data attributes. */
const confirmProps = { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, unknown>;

/** Asks before something that cannot be undone (a delete, a clean-up). */
export function confirmDanger(options: {
  title: string;
  body: ReactNode;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: <Text fw={700}>{options.title}</Text>,
    children: (
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {options.body}
      </Text>
    ),
    labels: { confirm: options.confirm, cancel: options.cancel },
    confirmProps,
    onConfirm: options.onConfirm,
  });
}
