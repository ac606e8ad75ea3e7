import type { FsEntry } from '@sharebin/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCopy } from '../../app/clipboard';
import { downloadUrl } from '../../app/download';
import { notifyError, notifySuccess, notifyWarning } from '../../app/notify';
import { resolveBackendUrl } from '../../shared/backend';
import { addEntriesToBasket } from '../basket';
import { countSharesUnder } from '../fs-shares';
import { confirmDanger } from '../management';
import type { EntryActions, FolderTarget } from './explorer.actions-context';
import type { TransferMode } from './explorer.drop';
import { explorerHref, parentPath } from './explorer.paths';
import { reportBatch } from './explorer.results';
import { fsApi } from './fs.api';

/**
 * What the explorer's menus, keys and toolbar can do to entries, and the dialogs those open.
 * Writes end by refreshing the listings (`refresh`).
 */
export function useExplorerCommands(refresh: () => unknown) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { copy } = useCopy();
  const [renaming, setRenaming] = useState<FsEntry | null>(null);
  const [editing, setEditing] = useState<FsEntry | null>(null);
  const [transfer, setTransfer] = useState<{
    mode: TransferMode;
    entries: FsEntry[];
    /** The folder the dialog starts at (a drop's); else the one shown. */
    target?: string;
  } | null>(null);
  const [extracting, setExtracting] = useState<FsEntry | null>(null);
  const [sharing, setSharing] = useState<FsEntry | null>(null);
  const [requesting, setRequesting] = useState<FolderTarget | null>(null);

  const actions = useMemo<EntryActions>(() => {
    const remove = async (entries: FsEntry[]) => {
      try {
        if (entries.length === 1 && entries[0]) {
          const job = await fsApi.remove(entries[0].path);
          if (job) await reportBatch(job, 'mountExplorer.remove.done');
          else notifySuccess(t('mountExplorer.remove.done', { count: 1 }));
        } else {
          const outcome = await fsApi.batchRemove(entries.map((entry) => entry.path));
          await reportBatch(outcome, 'mountExplorer.remove.done');
        }
      } catch (error) {
        notifyError(error);
      } finally {
        void refresh();
      }
    };
    return {
      open: (entry) =>
        navigate(
          entry.is_directory
            ? explorerHref(entry.path)
            : explorerHref(parentPath(entry.path), entry.name),
        ),
      download: (entry) => {
        fsApi.fileLink(entry.path, true).then(
          (link) => downloadUrl(resolveBackendUrl(link.url), entry.name),
          (error: unknown) => notifyError(error),
        );
      },
      copyLink: (entry) => {
        fsApi.fileLink(entry.path, false).then(
          async (link) => {
            const url = resolveBackendUrl(link.url);
            if (await copy(url)) notifySuccess(t('mountExplorer.actions.linkCopied'));
            else notifyWarning(t('mountExplorer.actions.linkNotCopied', { url }));
          },
          (error: unknown) => notifyError(error),
        );
      },
      edit: setEditing,
      rename: setRenaming,
      move: (entries, target) => setTransfer({ mode: 'move', entries, target }),
      copy: (entries, target) => setTransfer({ mode: 'copy', entries, target }),
      extract: setExtracting,
      addToBasket: addEntriesToBasket,
      share: setSharing,
      requestFiles: ({ path, name }) => setRequesting({ path, name }),
      remove: async (entries) => {
        const [first] = entries;
        if (!first) return;
        const single = entries.length === 1;
        // The links to what goes away stop working: said before, when there are any. A count
        // that cannot be had leaves the confirmation as it is.
        const ended = await countSharesUnder(entries.map((entry) => entry.path)).catch(() => 0);
        const body = single
          ? first.is_directory
            ? t('mountExplorer.remove.bodyFolder')
            : t('mountExplorer.remove.body')
          : t('mountExplorer.remove.batchBody');
        confirmDanger({
          title: single
            ? t('mountExplorer.remove.title', { name: first.name })
            : t('mountExplorer.remove.batchTitle', { count: entries.length }),
          body: ended > 0 ? `${body} ${t('fsShares.explorer.deleteEnds', { count: ended })}` : body,
          confirm: t('common.delete'),
          cancel: t('common.cancel'),
          onConfirm: () => void remove(entries),
        });
      },
    };
  }, [navigate, refresh, copy, t]);

  return {
    actions,
    renaming,
    closeRename: () => setRenaming(null),
    editing,
    closeEditor: () => setEditing(null),
    transfer,
    closeTransfer: () => setTransfer(null),
    extracting,
    closeExtract: () => setExtracting(null),
    sharing,
    closeShare: () => setSharing(null),
    requesting,
    closeRequest: () => setRequesting(null),
  };
}
