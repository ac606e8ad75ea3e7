import { Anchor, Text } from '@mantine/core';
import { IconPlayerStop, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { type BrowserTask, browserTasks, isBrowserTaskFinished } from '../browser-tasks';
import { canDownloadAgain } from '../task-view';
import { type RowAction, TaskRowFrame } from './TaskRowFrame';

function progressLine(task: BrowserTask, bytes: (value: number) => string, t: TFunction) {
  if (task.status !== 'running' || task.loaded <= 0) return null;
  const parts = [
    task.total
      ? t('tasks.summary.bytes', { done: bytes(task.loaded), total: bytes(task.total) })
      : bytes(task.loaded),
    task.speed !== null ? t('common.speed', { speed: bytes(task.speed) }) : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** An upload or a download this browser runs (or ran). */
export function BrowserTaskRow({ task, now }: { task: BrowserTask; now: number }) {
  const { t, i18n } = useTranslation();
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const own = browserTasks.actionsOf(task.id);
  const finished = isBrowserTaskFinished(task);

  const actions: RowAction[] = [];
  if (!finished && own.cancel) {
    actions.push({
      label: t('common.cancel'),
      icon: <IconPlayerStop size={14} />,
      onClick: own.cancel,
    });
  }
  if ((task.status === 'failed' || task.status === 'cancelled') && own.retry) {
    actions.push({
      label: t('common.retry'),
      icon: <IconRefresh size={14} />,
      onClick: own.retry,
    });
  }
  if (finished) {
    actions.push({
      label: t('tasks.actions.remove'),
      icon: <IconTrash size={14} />,
      onClick: () => browserTasks.dismiss(task.id),
    });
  }

  const progress = progressLine(task, bytes, t);
  const lines = [
    ...(progress ? [progress] : []),
    ...(task.status === 'interrupted' ? [t('tasks.interrupted')] : []),
  ];
  const isDownload = task.kind === 'download';
  return (
    <TaskRowFrame
      taskId={task.id}
      testId="task-browser"
      type={t(`tasks.type.${task.kind}`)}
      name={task.name}
      detail={task.detail}
      status={task.status}
      percent={isDownload || task.status === 'interrupted' ? null : task.percent}
      lines={lines}
      actions={actions}
    >
      {task.error && (
        <Text size="xs" c="red">
          {task.error}
        </Text>
      )}
      {isDownload && task.status === 'started' && (
        <Text size="xs" c="dimmed">
          {t('tasks.downloadStarted')}{' '}
          {canDownloadAgain(task, now) && task.url ? (
            <Anchor href={task.url} size="xs" download={task.name}>
              {t('tasks.downloadAgain')}
            </Anchor>
          ) : (
            t('tasks.downloadExpired')
          )}
        </Text>
      )}
    </TaskRowFrame>
  );
}
