import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCopy } from '../../../app/clipboard';

/**
 * A share's address, read-only and selected on focus, with a copy button that says when it
 * copied. `after` holds further buttons on the same line (open in a new tab).
 */
export function ShareUrlField({
  url,
  label,
  copyLabel,
  copiedLabel,
  testId,
  copyTestId,
  after,
}: {
  url: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
  testId: string;
  copyTestId?: string;
  after?: ReactNode;
}) {
  const { copied, copy } = useCopy();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1 }}
        miw={0}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid={testId}
      />
      <Tooltip label={copied ? copiedLabel : copyLabel}>
        <ActionIcon
          variant={copied ? 'light' : 'default'}
          color={copied ? 'teal' : undefined}
          size={36}
          onClick={() => void copy(url)}
          aria-label={copyLabel}
          data-testid={copyTestId}
          style={{ flexShrink: 0 }}
        >
          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
        </ActionIcon>
      </Tooltip>
      {after}
    </Group>
  );
}
