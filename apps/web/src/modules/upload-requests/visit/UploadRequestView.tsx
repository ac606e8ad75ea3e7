import { Alert, Card, Grid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PublicUploadRequest } from '@sharebin/shared';
import { IconInboxOff, IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { ShareViewFrame } from '../../shares';
import { type Allowance, acceptAttribute, type Committed } from '../upload-request.limits';
import { DropZone } from './DropZone';
import { refusalText } from './file-messages';
import { committedOf } from './file-queue';
import { QueueList } from './QueueList';
import { RequestAllowances, RequestHeading } from './RequestFacts';
import { choosableAllowance } from './resumable-places';
import { ThankYou } from './ThankYou';
import { useFileQueue } from './use-file-queue';

/** What the drop zone says the request still takes: the size per file, and how many more. */
function useDropHint(
  request: PublicUploadRequest,
  allowance: Allowance,
  committed: Committed,
): string {
  const { t, i18n } = useTranslation();
  const parts: string[] = [];
  if (request.max_file_size !== undefined) {
    parts.push(
      t('uploadRequests.limits.perFile', {
        value: formatBytes(request.max_file_size, i18n.language),
      }),
    );
  }
  if (allowance.remainingFiles !== null) {
    const count = Math.max(0, allowance.remainingFiles - committed.files);
    parts.push(t('uploadRequests.view.drop.hint', { count }));
  }
  return parts.join(' · ');
}

/** Where the drop zone was, once the request takes nothing more. */
function RequestClosed() {
  const { t } = useTranslation();
  return (
    <Card p="xl" data-testid="upload-request-closed">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconInboxOff size={30} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>{t('uploadRequests.view.drop.full')}</Text>
        <Text size="sm" c="dimmed">
          {t('uploadRequests.view.drop.fullHint')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Files still arriving in parts hold places of the request (maybe its last): the visitor who
 * sent one resumes it by choosing the same file again.
 */
function FilesInProgress({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconPlayerPlay size={18} />}
      data-testid="upload-request-in-progress"
    >
      {t('uploadRequests.view.drop.inProgress', { count })}
    </Alert>
  );
}

/**
 * A request the visitor may send to: its folder's name, a drop zone, each file's progress, and
 * a thank-you once what was picked has arrived. Beside it, what the request still takes.
 */
export function UploadRequestView({
  slug,
  request,
  token,
}: {
  slug: string;
  request: PublicUploadRequest;
  token: string | null;
}) {
  const { t, i18n } = useTranslation();
  // Places held by files still arriving stay choosable: the same file resumes in its place.
  const allowance = useMemo(() => choosableAllowance(request), [request]);
  const target = useMemo(() => ({ slug, token }), [slug, token]);
  const queue = useFileQueue(target, allowance);
  const committed = committedOf(queue.items);
  const hint = useDropHint(request, allowance, committed);
  const inProgress = request.files_in_progress ?? 0;
  // After a thank-you the visitor may pick more; the drop zone is back until those arrive.
  const [addingMore, setAddingMore] = useState(false);
  const thanked = queue.settled && !addingMore;
  const add = (files: File[]) => {
    setAddingMore(false);
    queue.add(files);
  };
  const rowActions = {
    onCancel: queue.cancel,
    onRetry: queue.retry,
    onRemove: queue.remove,
    canRetry: queue.open,
  };

  return (
    <ShareViewFrame>
      <RequestHeading request={request} unlocked={token !== null} />
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {thanked ? (
              <>
                <ThankYou
                  folder={request.name ?? ''}
                  files={queue.sent.flatMap((item) => (item.stored ? [item.stored] : []))}
                  next={
                    queue.open
                      ? { sendMore: () => setAddingMore(true) }
                      : {
                          closed: queue.ended
                            ? refusalText(t, i18n.language, queue.ended)
                            : t('uploadRequests.view.thanks.complete'),
                        }
                  }
                />
                <QueueList
                  items={queue.items.filter((item) => item.status !== 'sent')}
                  title={t('uploadRequests.view.queue.notSent')}
                  withSummary={false}
                  {...rowActions}
                />
              </>
            ) : (
              <>
                {/* Until the visitor picks files: then their own progress tells the rest. */}
                {queue.open && inProgress > 0 && queue.items.length === 0 && (
                  <FilesInProgress count={inProgress} />
                )}
                {queue.open && (
                  <DropZone
                    accept={acceptAttribute(allowance.allowedTypes)}
                    hint={hint}
                    onFiles={add}
                  />
                )}
                {/* Files on their way may still fail: the request is closed once they ended. */}
                {!queue.open && !queue.running && <RequestClosed />}
                <QueueList
                  items={queue.items}
                  title={t('uploadRequests.view.queue.title')}
                  withSummary
                  {...rowActions}
                />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RequestAllowances request={request} committed={committed} />
        </Grid.Col>
      </Grid>
    </ShareViewFrame>
  );
}
