import { Card, Grid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PublicUploadRequest } from '@sharebin/shared';
import { IconInboxOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { ShareViewFrame } from '../../shares';
import { acceptAttribute, allowanceOf, type Committed } from '../upload-request.limits';
import { DropZone } from './DropZone';
import { refusalText } from './file-messages';
import { committedOf } from './file-queue';
import { QueueList } from './QueueList';
import { RequestAllowances, RequestHeading } from './RequestFacts';
import { ThankYou } from './ThankYou';
import { useFileQueue } from './use-file-queue';

/** What the drop zone says the request still takes: the size per file, and how many more. */
function useDropHint(request: PublicUploadRequest, committed: Committed): string {
  const { t, i18n } = useTranslation();
  const parts: string[] = [];
  if (request.max_file_size !== undefined) {
    parts.push(
      t('uploadRequests.limits.perFile', {
        value: formatBytes(request.max_file_size, i18n.language),
      }),
    );
  }
  if (request.remaining_files != null) {
    const count = Math.max(0, request.remaining_files - committed.files);
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
  const allowance = useMemo(() => allowanceOf(request), [request]);
  const target = useMemo(() => ({ slug, token }), [slug, token]);
  const queue = useFileQueue(target, allowance);
  const committed = committedOf(queue.items);
  const hint = useDropHint(request, committed);
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
