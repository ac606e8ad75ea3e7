import {
  Button,
  Chip,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PASTE_REMARK_MAX_LENGTH,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from '@sharebin/shared';
import { IconLink, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isPast } from '../../../app/format';
import {
  EXPIRY_CHOICES,
  type ExpiryChoice,
  type PasswordAction,
  type ShareSettingsField,
  type ShareSettingsSource,
  type ShareSettingsValues,
} from '../share-settings';

/**
 * The module whose wording the fields take where it names the share ("this paste", "this file",
 * "this link"); the words every share has are `shareForm.*`.
 */
export type ShareNamespace =
  | 'textManagement'
  | 'fileManagement'
  | 'fsShares'
  | 'links'
  | 'uploadRequests';

/**
 * A share being made rather than edited: the suffix may stay empty (a random one), the expiry
 * has no "keep" and nothing is "current"; the caller words what differs.
 */
export interface ShareCreation {
  slugPlaceholder: string;
  maxViewsDescription: string;
}

export interface ShareSettingsFieldsProps {
  ns: ShareNamespace;
  values: ShareSettingsValues;
  original: ShareSettingsSource;
  set: <K extends keyof ShareSettingsValues>(field: K, value: ShareSettingsValues[K]) => void;
  errorOf: (field: ShareSettingsField) => string | undefined;
  /** The slug takes the focus when the form has nothing above it. */
  autoFocusSlug?: boolean;
  creating?: ShareCreation;
}

function PasswordSetting({
  ns,
  values,
  original,
  set,
  errorOf,
  creating,
}: ShareSettingsFieldsProps) {
  const { t } = useTranslation();
  const actions: { value: PasswordAction; label: string }[] = original.has_password
    ? [
        { value: 'keep', label: t('shareForm.passwordKeep') },
        { value: 'set', label: t('shareForm.passwordChange') },
        { value: 'remove', label: t('shareForm.passwordRemove') },
      ]
    : [
        { value: 'keep', label: t('shareForm.passwordNone') },
        { value: 'set', label: t('shareForm.passwordSet') },
      ];
  const LockIcon = original.has_password ? IconLock : IconLockOpen;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('shareForm.password')}
      </Text>
      {!creating && (
        <Group gap={6}>
          <LockIcon size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            {original.has_password
              ? t(`${ns}.form.passwordProtected`)
              : t(`${ns}.form.passwordOpen`)}
          </Text>
        </Group>
      )}
      <SegmentedControl
        value={values.passwordAction}
        onChange={(value) => set('passwordAction', value as PasswordAction)}
        data={actions}
        aria-label={t('shareForm.password')}
        w="fit-content"
        maw="100%"
        data-testid="password-action"
      />
      {values.passwordAction === 'set' && (
        <PasswordInput
          label={t('shareForm.newPassword')}
          placeholder={t('shareForm.newPasswordPlaceholder')}
          value={values.password}
          onChange={(event) => set('password', event.currentTarget.value)}
          error={errorOf('password')}
          autoComplete="new-password"
          maxLength={SHARE_PASSWORD_MAX_LENGTH + 10}
          required
          maw={360}
          mt={4}
        />
      )}
      {values.passwordAction !== 'set' && errorOf('password') && (
        <Text size="xs" c="red">
          {errorOf('password')}
        </Text>
      )}
      {values.passwordAction === 'remove' && (
        <Text size="xs" c="orange">
          {t(`${ns}.form.passwordRemoveHint`)}
        </Text>
      )}
    </Stack>
  );
}

function ExpirySetting({ values, original, set, creating }: ShareSettingsFieldsProps) {
  const { t, i18n } = useTranslation();
  let current = t('common.never');
  if (original.expires_at) {
    const when = formatDateTime(original.expires_at, i18n.language);
    current = isPast(original.expires_at) ? t('shareForm.expiredAt', { value: when }) : when;
  }
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('shareForm.expiry')}
      </Text>
      {!creating && (
        <Text size="xs" c="dimmed">
          {t('shareForm.currentExpiry', { value: current })}
        </Text>
      )}
      <Chip.Group
        multiple={false}
        value={values.expiry}
        onChange={(value) => set('expiry', value as ExpiryChoice)}
      >
        <Group gap={8} role="radiogroup" aria-label={t('shareForm.expiry')}>
          {(creating ? EXPIRY_CHOICES.filter((choice) => choice !== 'keep') : EXPIRY_CHOICES).map(
            (choice) => (
              <Chip key={choice} value={choice} type="radio" size="sm" variant="light">
                {t(`shareForm.expiryChoices.${choice}`)}
              </Chip>
            ),
          )}
        </Group>
      </Chip.Group>
      {values.expiry !== 'keep' && (
        <Text size="xs" c="dimmed">
          {t('shareForm.expiryFromNow')}
        </Text>
      )}
    </Stack>
  );
}

/** Link suffix, remark, password, expiry and view limit: the settings every share has. */
export function ShareSettingsFields(props: ShareSettingsFieldsProps) {
  const { t } = useTranslation();
  const { ns, values, original, set, errorOf, autoFocusSlug, creating } = props;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
        <TextInput
          label={t('shareForm.slug')}
          description={t('shareForm.slugDescription', { max: SLUG_MAX_LENGTH })}
          leftSection={<IconLink size={16} stroke={1.7} />}
          value={values.slug}
          onChange={(event) => set('slug', event.currentTarget.value)}
          error={errorOf('slug')}
          placeholder={creating?.slugPlaceholder}
          required={!creating}
          data-autofocus={autoFocusSlug || undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={SLUG_MAX_LENGTH + 20}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <TextInput
          label={t('common.remark')}
          description={t('shareForm.remarkDescription', { max: PASTE_REMARK_MAX_LENGTH })}
          placeholder={t(`${ns}.form.remarkPlaceholder`)}
          value={values.remark}
          onChange={(event) => set('remark', event.currentTarget.value)}
          error={errorOf('remark')}
          maxLength={PASTE_REMARK_MAX_LENGTH + 50}
        />
      </SimpleGrid>
      <PasswordSetting {...props} />
      <ExpirySetting {...props} />
      <NumberInput
        label={t(`${ns}.form.maxViews`)}
        description={
          creating
            ? creating.maxViewsDescription
            : t(`${ns}.form.maxViewsDescription`, { count: original.views })
        }
        value={values.maxViews}
        onChange={(value) => set('maxViews', value)}
        error={errorOf('maxViews')}
        allowDecimal={false}
        // A minus sign is kept, so that −5 is refused rather than read as 5.
        allowNegative
        min={0}
        clampBehavior="none"
        maw={360}
      />
    </>
  );
}

/** Cancel and save, at the foot of an edit form. */
export function FormButtons({
  cancel,
  submit,
  pending,
  onCancel,
}: {
  cancel: string;
  submit: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}
