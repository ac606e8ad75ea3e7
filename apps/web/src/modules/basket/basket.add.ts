import type { FsEntry } from '@sharebin/shared';
import { notifySuccess, notifyWarning } from '../../app/notify';
import { i18n } from '../../i18n';
import { basketEntryOf } from './basket.models';
import { basketStore } from './basket.store';

/** Adds explorer entries to the basket and says how many arrived and why others did not. */
export function addEntriesToBasket(entries: FsEntry[]): void {
  const outcome = basketStore.add(entries.filter((entry) => !entry.is_virtual).map(basketEntryOf));
  const t = i18n.t.bind(i18n);
  if (outcome.added === 0) {
    notifyWarning(t('mountExplorer.basket.nothingAdded'));
    return;
  }
  const notes = [
    outcome.alreadyIn > 0 && t('mountExplorer.basket.alreadyIn', { count: outcome.alreadyIn }),
    outcome.absorbed > 0 && t('mountExplorer.basket.absorbed', { count: outcome.absorbed }),
  ].filter((note): note is string => typeof note === 'string');
  notifySuccess([t('mountExplorer.basket.added', { count: outcome.added }), ...notes].join('. '));
}
