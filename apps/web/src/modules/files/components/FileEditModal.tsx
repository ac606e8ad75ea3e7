import { Group, Text } from '@mantine/core';
import { ERROR_CODES, type FileShare, updateFileShareRequestSchema } from '@sharebin/shared';
import { type ModalState, ShareSettingsEditModal } from '../../management';
import { useUpdateFile } from '../file-management.hooks';
import { FileTypeIcon } from './FileBadges';

/** Edits a file share's settings; the file itself never changes. */
export function FileEditModal({ file, ...modal }: { file: FileShare | null } & ModalState) {
  const update = useUpdateFile();
  return (
    <ShareSettingsEditModal
      ns="fileManagement"
      share={file}
      schema={updateFileShareRequestSchema}
      slugTakenCode={ERROR_CODES.fileSlugTaken}
      update={update}
      {...modal}
      heading={(saved) => (
        <Group gap="sm" wrap="nowrap">
          <FileTypeIcon mimetype={saved.mimetype} />
          <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
            {saved.filename}
          </Text>
        </Group>
      )}
    />
  );
}
