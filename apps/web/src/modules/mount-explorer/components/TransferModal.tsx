import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FsConflictMode, FsEntry } from '@sharebin/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import type { TransferMode } from '../explorer.drop';
import { childPath, foldersContaining, parentPath } from '../explorer.paths';
import { followStartedJob } from '../explorer.results';
import { fsApi } from '../fs.api';
import { ConflictChoice } from './ConflictChoice';
import { FolderPicker, useTargetWritable } from './FolderPicker';

/**
 * Move or copy with a target folder picker. A folder copied (or moved) into itself or one of
 * its subfolders is warned about and needs a second confirmation (SPEC §5).
 */
export function TransferModal({
  mode,
  entries,
  startFolder,
  notice,
  onClose,
  onDone,
}: {
  mode: TransferMode;
  entries: FsEntry[];
  startFolder: string;
  /** What else the transfer does (share links that follow a move), above the buttons. */
  notice?: ReactNode;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const opened = entries.length > 0;
  const [target, setTarget] = useState(startFolder);
  const [conflict, setConflict] = useState<FsConflictMode>('fail');
  const [warned, setWarned] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setTarget(startFolder);
      setConflict('fail');
      setWarned(null);
      setFailure(null);
    }
  }, [opened, startFolder]);
  const chooseTarget = (next: string) => {
    setTarget(next);
    // Another target needs its own warning.
    if (next !== target) setWarned(null);
  };

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
      // Each item's destination, folder and name (as CloudPaste's API takes it).
      const items = entries.map((entry) => ({
        sourcePath: entry.path,
        targetPath: childPath(target, entry.name),
      }));
      const job =
        mode === 'move' ? await fsApi.move(items, conflict) : await fsApi.copy(items, conflict);
      onClose();
      // The job goes on in the background; the listing follows once it has ended.
      followStartedJob(
        job,
        mode === 'move' ? 'mountExplorer.transfer.moved' : 'mountExplorer.transfer.copied',
        onDone,
      );
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
        <FolderPicker path={target} onChange={chooseTarget} exclude={exclude} />
        <ConflictChoice value={conflict} onChange={setConflict} />
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
            {t(
              mode === 'move'
                ? 'mountExplorer.transfer.intoItselfMoveBody'
                : 'mountExplorer.transfer.intoItselfBody',
              { target, source: warned[0] },
            )}
          </Alert>
        )}
        {notice}
        {failure && (
          <Alert color="red" data-testid="transfer-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {/* A copy may go on (it copies the folder as it is now); a move cannot. */}
          {warned && mode === 'copy' ? (
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
