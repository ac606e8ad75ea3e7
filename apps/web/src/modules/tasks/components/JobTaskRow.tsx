import { List, Text } from '@mantine/core';
import type { FsJob } from '@sharebin/shared';
import { IconPlayerStop, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../app/error-messages';
import { formatBytes } from '../../../shared/format-bytes';
import { jobFailureText } from '../job-failure';
import { isJobFinished } from '../job-follower';
import { taskActions } from '../task-actions';
import { jobPercent, jobSpeed, jobStatusShown, jobSubject } from '../task-view';
import { type RowAction, TaskRowFrame } from './TaskRowFrame';

export function JobTaskRow({ job, now }: { job: FsJob; now: number }) {
  const { t, i18n } = useTranslation();
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const status = jobStatusShown(job);
  const finished = isJobFinished(job);
  const type = t(`tasks.type.${job.type}`);
  const speed = jobSpeed(job, now);
  const subject = jobSubject(job);

  // A rebuild of a search index counts entries where other jobs count bytes.
  const indexing = job.type === 'reindex' && job.status !== 'failed';
  const progress = [
    indexing
      ? t('tasks.summary.entries', { count: job.bytes_done })
      : t('tasks.summary.jobItems', { done: job.items_done, total: job.items_total }),
    job.bytes_total > 0
      ? t('tasks.summary.bytes', { done: bytes(job.bytes_done), total: bytes(job.bytes_total) })
      : null,
    speed !== null && !indexing ? t('common.speed', { speed: bytes(speed) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const lines = [
    progress,
    t('tasks.summary.counts', { success: job.success, skipped: job.skipped, failed: job.failed }),
    ...(job.error ? [jobFailureText(job, i18n.language) ?? job.error] : []),
  ];

  const actions: RowAction[] = [];
  if (!finished && !job.cancel_requested) {
    actions.push({
      label: t('common.cancel'),
      icon: <IconPlayerStop size={14} />,
      onClick: () => void taskActions.cancelJob(job.id),
    });
  }
  if (finished && (job.failed > 0 || job.status !== 'completed')) {
    actions.push({
      label: t('tasks.actions.retry'),
      icon: <IconRefresh size={14} />,
      onClick: () => void taskActions.retryJob(job.id),
    });
  }
  if (finished) {
    actions.push({
      label: t('tasks.actions.remove'),
      icon: <IconTrash size={14} />,
      onClick: () => void taskActions.removeJob(job.id),
    });
  }

  const hiddenFailures = job.failed - job.errors.length;
  return (
    <TaskRowFrame
      taskId={job.id}
      testId="task-job"
      type={type}
      name={
        subject.name === null
          ? t('common.itemCount', { count: job.items_total })
          : subject.more > 0
            ? t('tasks.summary.andMore', { name: subject.name, count: subject.more })
            : subject.name
      }
      detail={[subject.route, new Date(job.created_at).toLocaleString(i18n.language)]
        .filter(Boolean)
        .join(' · ')}
      status={status}
      percent={jobPercent(job)}
      lines={lines}
      actions={actions}
    >
      {job.errors.length > 0 && (
        <div data-testid="task-errors">
          <Text size="xs" fw={500} c="red">
            {t('tasks.failedItems')}
          </Text>
          <List size="xs" spacing={2}>
            {job.errors.map((failure) => (
              <List.Item key={failure.path}>
                <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                  {failureText(failure, i18n.language)}
                </Text>
              </List.Item>
            ))}
          </List>
          {hiddenFailures > 0 && (
            <Text size="xs" c="dimmed">
              {t('tasks.moreFailed', { count: hiddenFailures })}
            </Text>
          )}
        </div>
      )}
    </TaskRowFrame>
  );
}
