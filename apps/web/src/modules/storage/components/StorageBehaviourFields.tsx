import { Divider, NativeSelect, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { URL_EXPIRY_MAX_SECONDS, URL_EXPIRY_MIN_SECONDS } from '@sharebin/shared';
import { IconFolder } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { durationParts } from '../storage.utils';
import { CAPACITY_UNITS, type CapacityUnit } from '../storage-capacity';
import { mono, type StorageFieldProps } from './storage-field-props';

const UNIT_STYLES = {
  input: { fontWeight: 500, paddingInlineStart: 8, paddingInlineEnd: 24 },
} as const;

/**
 * What every storage has, under "Links and limits": folder, download host, link expiry and
 * capacity, then whether API keys may use it. The provider adds a field at the head of the
 * grid (a local storage's host folder) and a switch after it (S3's direct downloads).
 */
export function StorageBehaviourFields({
  values,
  set,
  errorOf,
  providerField,
  providerSwitch,
}: StorageFieldProps & { providerField?: ReactNode; providerSwitch?: ReactNode }) {
  const { t } = useTranslation();
  const expiry = Number(values.urlExpirySeconds);
  const expiryParts =
    Number.isInteger(expiry) && expiry > 0
      ? durationParts(expiry)
      : ({ unit: 'second', count: 0 } as const);
  return (
    <>
      <Divider label={t('storageConfig.form.sections.behaviour')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
        {providerField}
        <TextInput
          label={t('storageConfig.form.defaultFolder')}
          description={t('storageConfig.form.defaultFolderDescription')}
          placeholder="uploads/shared"
          leftSection={<IconFolder size={16} stroke={1.7} />}
          value={values.defaultFolder}
          onChange={(event) => set('defaultFolder', event.currentTarget.value)}
          error={errorOf('defaultFolder')}
          autoComplete="off"
          spellCheck={false}
          styles={mono}
        />
        <TextInput
          label={t('storageConfig.form.customHost')}
          description={t('storageConfig.form.customHostDescription')}
          placeholder="https://cdn.example.com"
          value={values.customHost}
          onChange={(event) => set('customHost', event.currentTarget.value)}
          error={errorOf('customHost')}
          autoComplete="off"
          spellCheck={false}
          styles={mono}
        />
        <NumberInput
          label={t('storageConfig.form.urlExpiry')}
          description={t('storageConfig.form.urlExpiryDescription', {
            min: URL_EXPIRY_MIN_SECONDS,
            max: URL_EXPIRY_MAX_SECONDS,
            human: t(`storageConfig.duration.${expiryParts.unit}`, {
              count: expiryParts.count,
            }),
          })}
          value={values.urlExpirySeconds}
          onChange={(value) => set('urlExpirySeconds', value)}
          error={errorOf('urlExpirySeconds')}
          allowDecimal={false}
          allowNegative={false}
          min={URL_EXPIRY_MIN_SECONDS}
          max={URL_EXPIRY_MAX_SECONDS}
          clampBehavior="none"
          thousandSeparator={false}
          required
        />
        <NumberInput
          label={t('storageConfig.form.capacity')}
          description={t('storageConfig.form.capacityDescription')}
          placeholder={t('storageConfig.form.capacityPlaceholder')}
          value={values.capacity}
          onChange={(value) => set('capacity', value)}
          error={errorOf('capacity')}
          allowNegative={false}
          decimalScale={2}
          clampBehavior="none"
          rightSectionWidth={76}
          rightSection={
            <NativeSelect
              data={[...CAPACITY_UNITS]}
              value={values.capacityUnit}
              onChange={(event) => set('capacityUnit', event.currentTarget.value as CapacityUnit)}
              aria-label={t('storageConfig.form.capacityUnit')}
              variant="unstyled"
              w={72}
              rightSectionWidth={24}
              styles={UNIT_STYLES}
              data-testid="capacity-unit"
            />
          }
        />
      </SimpleGrid>
      {providerSwitch}
      <Switch
        label={t('storageConfig.form.allowApiKeys')}
        description={t('storageConfig.form.allowApiKeysDescription')}
        checked={values.allowApiKeys}
        onChange={(event) => set('allowApiKeys', event.currentTarget.checked)}
        data-testid="allow-api-keys"
      />
    </>
  );
}
