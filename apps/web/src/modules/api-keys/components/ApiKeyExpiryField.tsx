import { Chip, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SetValue } from '../../management';
import type { ExpiryChoice, KeyFormValues } from '../api-keys.form';

/** When a key expires: a preset, never, or a number of days (editing may also keep it). */
export function ApiKeyExpiryField({
  choices,
  currentExpiry,
  values,
  set,
  error,
}: {
  choices: readonly ExpiryChoice[];
  /** The saved key's expiry, worded; null for a new key. */
  currentExpiry: string | null;
  values: KeyFormValues;
  set: SetValue<KeyFormValues>;
  /** The custom days' message (a server's on the expiry shows here too). */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('apiKeys.form.expiry')}
      </Text>
      {currentExpiry && (
        <Text size="xs" c="dimmed">
          {t('apiKeys.form.currentExpiry', { value: currentExpiry })}
        </Text>
      )}
      <Chip.Group
        multiple={false}
        value={values.expiry}
        onChange={(value) => set('expiry', value as ExpiryChoice)}
      >
        <Group gap={8} role="radiogroup" aria-label={t('apiKeys.form.expiry')}>
          {choices.map((choice) => (
            <Chip key={choice} value={choice} type="radio" size="sm" variant="light">
              {t(`apiKeys.form.expiryPresets.${choice}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {values.expiry === 'custom' && (
        <NumberInput
          label={t('apiKeys.form.customDays')}
          placeholder={t('apiKeys.form.customDaysPlaceholder')}
          value={values.customDays}
          onChange={(value) => set('customDays', value)}
          error={error}
          allowDecimal={false}
          allowNegative={false}
          min={1}
          // Report 0 as invalid instead of silently turning it into 1.
          clampBehavior="none"
          required
          maw={240}
          mt={4}
        />
      )}
      {values.expiry !== 'custom' && error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
