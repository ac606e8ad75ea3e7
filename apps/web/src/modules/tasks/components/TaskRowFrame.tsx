import { ActionIcon, Badge, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, type TaskStatusShown } from '../task-view';

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
}

/** One task's card: type, name, status, progress, lines of detail and its buttons. */
export function TaskRowFrame({
  testId,
  taskId,
  type,
  name,
  detail,
  status,
  percent,
  lines,
  actions,
  children,
}: {
  testId: string;
  /** The job's or browser task's id, for tests and tools to find the row. */
  taskId: string;
  type: string;
  name: string;
  detail: string | null;
  status: TaskStatusShown;
  /** Null hides the bar (a native download, a task that never started). */
  percent: number | null;
  lines: string[];
  actions: RowAction[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const active = status === 'running' || status === 'pending' || status === 'cancelling';
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={testId}
      data-task-id={taskId}
      data-status={status}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="nowrap">
              <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                {type}
              </Badge>
              <Text size="sm" fw={500} truncate="end" title={name} data-testid="task-name">
                {name}
              </Text>
            </Group>
            {detail && (
              <Text size="xs" c="dimmed" truncate="end" title={detail}>
                {detail}
              </Text>
            )}
          </div>
          <Group gap={4} wrap="nowrap">
            <Badge
              size="sm"
              variant="light"
              color={STATUS_COLORS[status]}
              data-testid="task-status"
            >
              {t(`tasks.status.${status}`)}
            </Badge>
            {actions.map((action) => (
              <Tooltip key={action.label} label={action.label}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color={action.color ?? 'gray'}
                  onClick={action.onClick}
                  aria-label={action.label}
                >
                  {action.icon}
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
        </Group>
        {percent !== null && (
          <Progress
            value={percent}
            size="sm"
            animated={active}
            color={STATUS_COLORS[status]}
            aria-label={name}
          />
        )}
        {lines.map((line) => (
          <Text key={line} size="xs" c="dimmed" data-testid="task-line">
            {line}
          </Text>
        ))}
        {children}
      </Stack>
    </Paper>
  );
}
