import { Code, Group, Stack, Text } from '@mantine/core';
import { ERROR_CODES, type FsShare, fsShareUpdateRequestSchema } from '@sharebin/shared';
import { type ModalState, ShareSettingsEditModal } from '../../management';
import { useUpdateFsShare } from '../fs-shares.hooks';
import { FsShareKindIcon } from './FsShareKindIcon';

/** Edits a share of a mounted path: its link and limits; the file or folder never changes. */
export function FsShareEditModal({ share, ...modal }: { share: FsShare | null } & ModalState) {
  const update = useUpdateFsShare();
  return (
    <ShareSettingsEditModal
      ns="fsShares"
      share={share}
      schema={fsShareUpdateRequestSchema}
      slugTakenCode={ERROR_CODES.fsShareSlugTaken}
      update={update}
      {...modal}
      heading={(saved) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <FsShareKindIcon kind={saved.kind} name={saved.name} />
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {saved.name}
            </Text>
            <Code fz="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
              {saved.path}
            </Code>
          </Stack>
        </Group>
      )}
    />
  );
}
