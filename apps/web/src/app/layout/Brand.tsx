import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { Link } from 'react-router';

/** `compactOnPhone`: only the mark on a phone, where the header needs the room (offline badge). */
export function Brand({ compactOnPhone = false }: { compactOnPhone?: boolean }) {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Sharebin" data-testid="brand">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={34}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo.5', to: 'violet.5', deg: 135 }}
        >
          <IconClipboardText size={20} stroke={1.8} />
        </ThemeIcon>
        <Text fw={800} fz={20} lts={-0.3} visibleFrom={compactOnPhone ? 'sm' : undefined}>
          Sharebin
        </Text>
      </Group>
    </UnstyledButton>
  );
}
