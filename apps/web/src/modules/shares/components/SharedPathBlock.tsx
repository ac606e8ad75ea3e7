import { Code, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * The mounted path a dialog is about (the file or folder shared, the folder files are asked
 * into), under its icon, with a line on what the dialog does with it.
 */
export function SharedPathBlock({
  path,
  icon: PathIcon,
  color,
  intro,
  testId,
}: {
  path: string;
  icon: Icon;
  color: string;
  intro?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
          <PathIcon size={20} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Code
            fz="sm"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}
            data-testid={testId}
          >
            {path}
          </Code>
          {intro && (
            <Text size="xs" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
