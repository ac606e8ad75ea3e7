import { DEFAULT_LOCAL_STORAGE_NAME } from '@sharebin/shared';
import { i18n } from '../../i18n';

/**
 * A storage's name as shown. The local storage the server creates on first start is named
 * in English; while it keeps that name it is shown in the reader's language (`localName`, a
 * component's own translation, so that a memo of the names can depend on it).
 */
export function storageDisplayName(
  storage: { name: string; storage_type: string },
  localName?: string,
): string {
  return storage.storage_type === 'local' && storage.name === DEFAULT_LOCAL_STORAGE_NAME
    ? (localName ?? i18n.t('storageConfig.providers.local'))
    : storage.name;
}
