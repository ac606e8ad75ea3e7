import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../app/notify';
import { confirmDanger } from './confirm-danger';
import type { Collection } from './use-collection';

export interface BatchDeleteTexts {
  title: string;
  body: (count: number) => string;
  confirm: (count: number) => string;
  cancel: string;
  done: (deleted: number) => string;
}

/**
 * Deletes the ticked rows after a confirmation, then clears the selection and refreshes the
 * collection (and whatever else it names in `invalidates`).
 */
export function useBatchDelete<T>(
  collection: Pick<Collection<T>, 'selection' | 'invalidate'>,
  removeMany: (ids: string[]) => Promise<{ deleted: number }>,
  texts: BatchDeleteTexts,
) {
  const mutation = useMutation({ mutationFn: removeMany, onSuccess: collection.invalidate });
  const confirm = () => {
    const ids = [...collection.selection.ids];
    if (ids.length === 0) return;
    confirmDanger({
      title: texts.title,
      body: texts.body(ids.length),
      confirm: texts.confirm(ids.length),
      cancel: texts.cancel,
      onConfirm: () =>
        mutation.mutate(ids, {
          onSuccess: ({ deleted }) => {
            collection.selection.clear();
            notifySuccess(texts.done(deleted));
          },
          onError: (error) => notifyError(error),
        }),
    });
  };
  return { confirm, isPending: mutation.isPending };
}
