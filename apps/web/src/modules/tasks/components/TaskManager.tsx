import { ActionIcon, Button, Drawer, Group, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { useInterval, useMediaQuery } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { useValueStore } from '../../../shared/value-store';
import { useAuth } from '../../auth';
import { browserTasks } from '../browser-tasks';
import { jobFollower } from '../job-follower';
import { taskActions } from '../task-actions';
import { taskPanel } from '../task-panel';
import { canFollowJobs, countRunning, isEntryFinished, mergeTasks } from '../task-view';
import { BrowserTaskRow } from './BrowserTaskRow';
import { JobTaskRow } from './JobTaskRow';

/** Follows the server's jobs for a session allowed to see them, and none otherwise. */
function useJobsOfSession() {
  const auth = useAuth();
  const allowed = canFollowJobs(auth);
  // Another key (or the admin) sees other jobs: the list starts again with each session.
  const session = allowed ? `${auth.authType}:${auth.apiKey ?? ''}` : null;
  useEffect(() => {
    jobFollower.reset();
    if (session !== null) void jobFollower.refresh();
  }, [session]);
  return allowed;
}

/** Leaving the app while an upload runs would stop it: the browser asks first. */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The header's task button (with the number running) and the panel it opens (SPEC §1). */
export function TaskManager() {
  const { t } = useTranslation();
  const opened = useValueStore(taskPanel);
  const setOpened = taskPanel.set;
  const [now, setNow] = useState(() => Date.now());
  const followsJobs = useJobsOfSession();
  // On a phone the panel takes the whole width: a narrower one would squeeze every row.
  const phone = useMediaQuery('(max-width: 36em)');
  const { jobs, error } = useValueStore(jobFollower.store);
  const tasks = useValueStore(browserTasks.store);
  const running = countRunning(jobs, tasks);
  const entries = mergeTasks(jobs, tasks);
  useWarnBeforeLeaving(
    tasks.some((task) => task.status === 'running' || task.status === 'pending'),
  );

  // Speeds and link expiry are measured against the clock while the panel is open.
  const clock = useInterval(() => setNow(Date.now()), 1_000);
  useEffect(() => {
    if (!opened) return;
    const unwatch = followsJobs ? jobFollower.watch() : () => undefined;
    clock.start();
    return () => {
      unwatch();
      clock.stop();
    };
  }, [opened, followsJobs, clock.start, clock.stop]);

  const label = running > 0 ? t('tasks.running', { count: running }) : t('tasks.open');
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={running} size={16} disabled={running === 0} offset={4}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setOpened(true)}
            aria-label={label}
            data-testid="task-manager-button"
            data-running={running}
          >
            <IconChecklist size={18} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('tasks.title')}
        position="right"
        size={phone ? '100%' : 'md'}
        data-testid="task-panel"
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('tasks.running', { count: running })}
            </Text>
            <Button
              size="xs"
              variant="light"
              disabled={!entries.some(isEntryFinished)}
              onClick={() => void taskActions.clearFinished(entries)}
            >
              {t('common.clearFinished')}
            </Button>
          </Group>
          {error !== null && (
            <Text size="sm" c="red">
              {t('tasks.loadFailed', { reason: errorMessage(error) })}
            </Text>
          )}
          {entries.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {t('tasks.empty')}
            </Text>
          )}
          {entries.map((entry) =>
            entry.source === 'job' ? (
              <JobTaskRow key={entry.id} job={entry.job} now={now} />
            ) : (
              <BrowserTaskRow key={entry.id} task={entry.task} now={now} />
            ),
          )}
        </Stack>
      </Drawer>
    </>
  );
}
