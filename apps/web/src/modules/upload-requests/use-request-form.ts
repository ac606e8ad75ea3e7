import {
  ERROR_CODES,
  uploadRequestCreateRequestSchema,
  uploadRequestUpdateRequestSchema,
} from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { useShareEditForm } from '../management';
import { limitsCandidate, ownValuesOf, type RequestSource } from './upload-request.form';

/** The form's fields besides the settings'; `maxViews` is the settings' own, read as files. */
export type RequestField = 'path' | 'maxFileSize' | 'maxTotalSize' | 'allowedTypes' | 'maxViews';

/**
 * An upload request's form, new (`creating`, with its folder) or saved: the settings every
 * share has and the limits, checked by the schema the server uses; a folder the server
 * refuses shows its reason on the folder.
 */
export function useRequestForm<S extends RequestSource>({
  source,
  opened,
  creating = false,
}: {
  source: S | null;
  opened: boolean;
  creating?: boolean;
}) {
  const { t } = useTranslation();
  const words = 'uploadRequests.form';
  return useShareEditForm({
    source,
    opened,
    schema: creating ? uploadRequestCreateRequestSchema : uploadRequestUpdateRequestSchema,
    slugTakenCode: ERROR_CODES.uploadRequestSlugTaken,
    creating,
    own: {
      valuesOf: ownValuesOf,
      fieldOf: {
        path: 'path',
        maxFileSize: 'maxFileSize',
        maxTotalSize: 'maxTotalSize',
        allowedTypes: 'allowedTypes',
        maxViews: 'maxViews',
      },
      candidate: (values) => ({
        ...limitsCandidate(values),
        ...(creating ? { path: values.path.trim() } : {}),
      }),
      fields: {
        path: 'path',
        max_files: 'maxViews',
        max_file_size: 'maxFileSize',
        max_total_size: 'maxTotalSize',
        allowed_types: 'allowedTypes',
      },
      message: (field: RequestField, issue) => {
        switch (field) {
          case 'path':
            return issue.code === 'too_small'
              ? t(`${words}.folderRequired`)
              : t(`${words}.folderInvalid`);
          case 'maxViews':
            return issue.code === 'too_big'
              ? t(`${words}.maxFilesTooLarge`, { max: issue.maximum ?? 0 })
              : t(`${words}.maxFilesInvalid`);
          case 'allowedTypes':
            return issue.code === 'too_big'
              ? t(`${words}.allowedTypesTooMany`, { max: issue.maximum ?? 0 })
              : undefined;
          default:
            return t(`${words}.sizeInvalid`);
        }
      },
      // The folder's refusals: not there, not a folder, not writable, outside the key's path.
      codeFields: {
        [ERROR_CODES.uploadRequestNotAFolder]: 'path',
        [ERROR_CODES.fsNotFound]: 'path',
        [ERROR_CODES.fsReadOnly]: 'path',
        [ERROR_CODES.fsPathForbidden]: 'path',
        [ERROR_CODES.fsVirtualPath]: 'path',
      },
    },
  });
}

export type RequestForm = ReturnType<typeof useRequestForm>;
