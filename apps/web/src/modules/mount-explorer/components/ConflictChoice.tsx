import { Radio, SimpleGrid } from '@mantine/core';
import { FS_CONFLICT_MODES, type FsConflictMode } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';

/**
 * What to do with an item whose name the target folder already has: every mode the API offers,
 * each with a line saying what it does. Until the user chooses, the item fails (the API's
 * default). Copies, moves and extractions ask it alike.
 */
export function ConflictChoice({
  value,
  onChange,
}: {
  value: FsConflictMode;
  onChange: (mode: FsConflictMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('mountExplorer.transfer.conflict.label')}
      value={value}
      onChange={(next) => onChange(next as FsConflictMode)}
      data-testid="transfer-conflict"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" mt={6}>
        {FS_CONFLICT_MODES.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={t(`mountExplorer.transfer.conflict.${mode}`)}
            description={t(`mountExplorer.transfer.conflict.${mode}Hint`)}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
