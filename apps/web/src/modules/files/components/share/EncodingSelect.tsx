import { Group, Select, Text, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ENCODING_NAMES,
  isTextEncoding,
  TEXT_ENCODINGS,
  type TextEncoding,
} from '../../share/text-encoding';

/** "Encoding: GBK (detected)", a choice of the others that re-decodes the text at once. */
export function EncodingSelect({
  encoding,
  detected,
  onChange,
}: {
  encoding: TextEncoding;
  detected: TextEncoding | null;
  onChange: (encoding: TextEncoding) => void;
}) {
  const { t } = useTranslation();
  const nameOf = (value: TextEncoding) =>
    value === detected
      ? t('documents.encoding.detected', { name: ENCODING_NAMES[value] })
      : ENCODING_NAMES[value];
  return (
    <Group gap={8} wrap="nowrap" data-testid="preview-encoding">
      <Tooltip label={t('documents.encoding.hint')} multiline w={260} withArrow>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconLanguage size={16} aria-hidden />
          <Text size="xs" component="span">
            {t('documents.encoding.label')}
          </Text>
        </Group>
      </Tooltip>
      <Select
        size="xs"
        w={210}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true }}
        aria-label={t('documents.encoding.label')}
        value={encoding}
        data={TEXT_ENCODINGS.map((value) => ({ value, label: nameOf(value) }))}
        onChange={(value) => {
          if (isTextEncoding(value)) onChange(value);
        }}
        data-testid="preview-encoding-select"
      />
    </Group>
  );
}
