import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { FsEntry } from '@sharebin/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { notifyError, notifySuccess } from '../../../app/notify';
import { foldersContaining, parentPath } from '../explorer.paths';
import { reportBatch } from '../explorer.results';
import { fsApi } from '../fs.api';
import { FolderPicker, useTargetWritable } from './FolderPicker';

export type TransferMode = 'move' | 'copy';

/**
 * Move or copy with a target folder picker. A folder copied (or moved) into itself or one of
 * its subfolders is warned about and needs a second confirmation (SPEC §5).
 */
export function TransferModal({
  mode,
  entries,
  startFolder,
  onClose,
  onDone,
}: {
  mode: TransferMode;
  entries: FsEntry[];
  startFolder: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const opened = entries.length > 0;
  const [target, setTarget] = useState(startFolder);
  const [skipExisting, setSkipExisting] = useState(false);
  const [warned, setWarned] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setTarget(startFolder);
      setWarned(null);
      setFailure(null);
    }
  }, [opened, startFolder]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another target needs its own warning
  useEffect(() => setWarned(null), [target]);

  const writable = useTargetWritable(target);
  // Moving into the folder the items are in does nothing; a copy there makes duplicates.
  const sameFolder = mode === 'move' && entries.every((entry) => parentPath(entry.path) === target);
  // A folder being moved cannot be opened as its own target.
  const exclude = useMemo(
    () => new Set(mode === 'move' ? entries.filter((e) => e.is_directory).map((e) => e.path) : []),
    [entries, mode],
  );

  const run = async (confirmed: boolean) => {
    const inside = foldersContaining(entries, target);
    if (inside.length > 0 && !confirmed) {
      setWarned(inside);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const items = entries.map((entry) => ({ sourcePath: entry.path, targetPath: target }));
      const job =
        mode === 'move'
          ? await fsApi.move(items, skipExisting)
          : await fsApi.copy(items, skipExisting);
      onClose();
      // The job goes on in the background; the listing follows once it has ended.
      notifySuccess(t('mountExplorer.transfer.job', { id: job.job_id }));
      const doneKey =
        mode === 'move' ? 'mountExplorer.transfer.moved' : 'mountExplorer.transfer.copied';
      void reportBatch(job, doneKey)
        .catch((error: unknown) => notifyError(error))
        .finally(onDone);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const count = entries.length;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={
        mode === 'move'
          ? t('mountExplorer.transfer.moveTitle', { count })
          : t('mountExplorer.transfer.copyTitle', { count })
      }
    >
      <Stack>
        <Text size="sm" fw={500}>
          {t('mountExplorer.transfer.target')}
        </Text>
        <FolderPicker path={target} onChange={setTarget} exclude={exclude} />
        <Checkbox
          label={t('mountExplorer.transfer.skipExisting')}
          checked={skipExisting}
          onChange={(event) => setSkipExisting(event.currentTarget.checked)}
        />
        {sameFolder && (
          <Text size="sm" c="dimmed">
            {t('mountExplorer.transfer.sameFolder')}
          </Text>
        )}
        {warned && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={
              mode === 'move'
                ? t('mountExplorer.transfer.intoItselfMoveTitle')
                : t('mountExplorer.transfer.intoItselfTitle')
            }
            data-testid="into-itself-warning"
          >
            {t('mountExplorer.transfer.intoItselfBody', { target, source: warned[0] })}
          </Alert>
        )}
        {failure && (
          <Alert color="red" data-testid="transfer-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {warned ? (
            <Button
              color="orange"
              loading={busy}
              onClick={() => void run(true)}
              data-testid="transfer-confirm"
            >
              {t('mountExplorer.transfer.confirmAnyway')}
            </Button>
          ) : (
            <Button
              loading={busy}
              disabled={!writable || sameFolder || target === '/'}
              onClick={() => void run(false)}
              data-testid="transfer-submit"
            >
              {mode === 'move'
                ? t('mountExplorer.transfer.moveHere')
                : t('mountExplorer.transfer.copyHere')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
