import {
  Anchor,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { acceptedTypeSchema, UPLOAD_REQUEST_MAX_TYPES } from '@sharebin/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetValue } from '../../management';
import {
  type RequestOwnValues,
  SIZE_UNITS,
  type SizeUnit,
  type SizeValue,
} from '../upload-request.form';
import type { RequestField } from '../use-request-form';

/** Type lists offered in one click; anything else is typed in. */
const TYPE_PRESETS = {
  images: ['image/*'],
  pdf: ['.pdf'],
  documents: ['.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.odt', '.ods', '.odp'],
  archives: ['.zip', '.7z', '.rar', '.tar', '.gz'],
} as const;

const UNIT_STYLES = { input: { fontWeight: 500 } } as const;

function SizeInput({
  label,
  description,
  placeholder,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  description: string;
  placeholder: string;
  value: SizeValue;
  onChange: (value: SizeValue) => void;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={value.amount}
      onChange={(amount) => onChange({ ...value, amount })}
      error={error}
      allowNegative
      decimalScale={2}
      min={0}
      clampBehavior="none"
      rightSectionWidth={76}
      data-testid={testId}
      rightSection={
        <NativeSelect
          data={[...SIZE_UNITS]}
          value={value.unit}
          onChange={(event) => onChange({ ...value, unit: event.currentTarget.value as SizeUnit })}
          aria-label={`${label}: ${t('uploadRequests.form.sizeUnit')}`}
          variant="unstyled"
          w={72}
          rightSectionWidth={24}
          styles={UNIT_STYLES}
        />
      }
    />
  );
}

/** The accepted types, one tag each: checked as the server checks them before they are added. */
function TypesInput({
  types,
  onChange,
  error,
}: {
  types: string[];
  onChange: (types: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const words = 'uploadRequests.form';
  const [refused, setRefused] = useState<string | null>(null);
  const accept = (next: readonly string[]) => {
    const kept: string[] = [];
    let invalid: string | null = null;
    for (const tag of next) {
      const parsed = acceptedTypeSchema.safeParse(tag);
      if (!parsed.success) invalid = tag;
      else if (!kept.includes(parsed.data)) kept.push(parsed.data);
    }
    setRefused(invalid);
    onChange(kept);
  };
  return (
    <Stack gap={6}>
      <TagsInput
        label={t(`${words}.allowedTypes`)}
        description={t(`${words}.allowedTypesDescription`)}
        placeholder={types.length === 0 ? t(`${words}.allowedTypesPlaceholder`) : undefined}
        value={types}
        onChange={accept}
        splitChars={[',', ' ', ';']}
        maxTags={UPLOAD_REQUEST_MAX_TYPES}
        clearable
        error={refused ? t(`${words}.allowedTypesInvalid`, { value: refused }) : error}
        data-testid="upload-request-types-input"
      />
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t(`${words}.typePresets`)}
        </Text>
        {(Object.keys(TYPE_PRESETS) as (keyof typeof TYPE_PRESETS)[]).map((preset) => (
          <Anchor
            key={preset}
            component="button"
            type="button"
            size="xs"
            onClick={() => accept([...types, ...TYPE_PRESETS[preset]])}
          >
            {t(`${words}.presets.${preset}`)}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** What a request accepts besides the number of files: sizes and types. */
export function RequestLimitFields({
  values,
  set,
  errorOf,
  receivedBytes,
}: {
  values: RequestOwnValues;
  set: SetValue<RequestOwnValues>;
  errorOf: (field: RequestField) => string | undefined;
  /** What arrived so far, for a saved request's total. */
  receivedBytes: string | null;
}) {
  const { t } = useTranslation();
  const words = 'uploadRequests.form';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
        <SizeInput
          label={t(`${words}.maxFileSize`)}
          description={t(`${words}.maxFileSizeDescription`)}
          placeholder={t(`${words}.maxFileSizePlaceholder`)}
          value={values.maxFileSize}
          onChange={(value) => set('maxFileSize', value)}
          error={errorOf('maxFileSize')}
          testId="upload-request-max-file-size"
        />
        <SizeInput
          label={t(`${words}.maxTotalSize`)}
          description={
            receivedBytes
              ? t(`${words}.maxTotalSizeReceived`, { value: receivedBytes })
              : t(`${words}.maxTotalSizeDescription`)
          }
          placeholder={t('uploadRequests.limits.noLimit')}
          value={values.maxTotalSize}
          onChange={(value) => set('maxTotalSize', value)}
          error={errorOf('maxTotalSize')}
          testId="upload-request-max-total-size"
        />
      </SimpleGrid>
      <TypesInput
        types={values.allowedTypes}
        onChange={(types) => set('allowedTypes', types)}
        error={errorOf('allowedTypes')}
      />
    </Stack>
  );
}
