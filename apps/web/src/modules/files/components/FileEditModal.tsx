import {
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ERROR_CODES,
  type FileShare,
  PASTE_REMARK_MAX_LENGTH,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from '@sharebin/shared';
import { IconLink, IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { issueFieldErrors } from '../../../app/error-messages';
import { formatDateTime, isPast } from '../../../app/format';
import { notifyError, notifySuccess } from '../../../app/notify';
import { PASTE_EXPIRY_CHOICES, type PasswordAction } from '../../pastes/paste-edit.form';
import {
  type FileExpiryChoice,
  type FileFormErrors,
  type FileFormField,
  type FileFormValues,
  fileFormFrom,
  toUpdateFileRequest,
  validateFileForm,
} from '../file-edit.form';
import { useUpdateFile } from '../file-management.hooks';
import { FileTypeIcon } from './FileBadges';

/** Server-side field names in validation details, mapped to the form's fields. */
const SERVER_FIELDS: Record<string, FileFormField> = {
  remark: 'remark',
  slug: 'slug',
  password: 'password',
  max_views: 'maxViews',
};

/** Server messages per field: a taken slug (409, SPEC §8), a 400's issues. */
function serverFieldErrors(error: unknown): Partial<Record<FileFormField, string>> {
  if (!isApiError(error)) {
    return {};
  }
  if (error.status === 409 || error.code === ERROR_CODES.fileSlugTaken) {
    return { slug: error.message };
  }
  return issueFieldErrors(error, SERVER_FIELDS);
}

export function FileEditModal({
  file,
  opened,
  onClose,
  onExited,
}: {
  file: FileShare | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const update = useUpdateFile();
  // The share the form was filled from: a refetched list must not overwrite the user's edits.
  const [original, setOriginal] = useState<FileShare | null>(null);
  const [values, setValues] = useState<FileFormValues | null>(null);
  const [errors, setErrors] = useState<FileFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FileFormField, string>>>({});

  // A fresh form each time the modal opens.
  useEffect(() => {
    if (opened && original === null && file) {
      setOriginal(file);
      setValues(fileFormFrom(file));
      setErrors({});
      setServerErrors({});
    }
  }, [opened, original, file]);

  const set = <K extends keyof FileFormValues>(field: K, value: FileFormValues[K]) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    const formField = field === 'passwordAction' ? 'password' : field;
    setErrors((current) => ({ ...current, [formField]: undefined }));
    setServerErrors((current) => ({ ...current, [formField]: undefined }));
  };

  const errorText = (field: FileFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : serverErrors[field];
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values || !original) {
      return;
    }
    const found = validateFileForm(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      return;
    }
    const changes = toUpdateFileRequest(values, original);
    if (Object.keys(changes).length === 0) {
      notifySuccess(t('fileManagement.form.nothingChanged'));
      onClose();
      return;
    }
    update.mutate(
      { id: original.id, changes },
      {
        onSuccess: (updated) => {
          notifySuccess(t('fileManagement.notifications.updated', { slug: updated.slug }));
          onClose();
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error));
          notifyError(error);
        },
      },
    );
  };

  const passwordActions: { value: PasswordAction; label: string }[] = original?.has_password
    ? [
        { value: 'keep', label: t('fileManagement.form.passwordKeep') },
        { value: 'set', label: t('fileManagement.form.passwordChange') },
        { value: 'remove', label: t('fileManagement.form.passwordRemove') },
      ]
    : [
        { value: 'keep', label: t('fileManagement.form.passwordNone') },
        { value: 'set', label: t('fileManagement.form.passwordSet') },
      ];
  let currentExpiry = t('fileManagement.never');
  if (original?.expires_at) {
    const when = formatDateTime(original.expires_at, i18n.language);
    currentExpiry = isPast(original.expires_at)
      ? t('fileManagement.form.expiredAt', { value: when })
      : when;
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        setOriginal(null);
        setValues(null);
        onExited();
      }}
      title={
        <Text fw={700} fz="lg">
          {t('fileManagement.form.title')}
        </Text>
      }
      size="lg"
      fullScreen={fullScreen}
      closeOnClickOutside={!update.isPending}
    >
      {values && original && (
        <form onSubmit={submit} noValidate data-testid="file-edit-form">
          <Stack gap="lg">
            <Group gap="sm" wrap="nowrap">
              <FileTypeIcon mimetype={original.mimetype} />
              <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {original.filename}
              </Text>
            </Group>

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
              <TextInput
                label={t('fileManagement.form.slug')}
                description={t('fileManagement.form.slugDescription', { max: SLUG_MAX_LENGTH })}
                leftSection={<IconLink size={16} stroke={1.7} />}
                value={values.slug}
                onChange={(event) => set('slug', event.currentTarget.value)}
                error={errorText('slug')}
                required
                data-autofocus
                autoComplete="off"
                spellCheck={false}
                maxLength={SLUG_MAX_LENGTH + 20}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <TextInput
                label={t('fileManagement.form.remark')}
                description={t('fileManagement.form.remarkDescription', {
                  max: PASTE_REMARK_MAX_LENGTH,
                })}
                placeholder={t('fileManagement.form.remarkPlaceholder')}
                value={values.remark}
                onChange={(event) => set('remark', event.currentTarget.value)}
                error={errorText('remark')}
                maxLength={PASTE_REMARK_MAX_LENGTH + 50}
              />
            </SimpleGrid>

            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('fileManagement.form.password')}
              </Text>
              <Group gap={6}>
                {original.has_password ? (
                  <IconLock size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
                ) : (
                  <IconLockOpen size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
                )}
                <Text size="xs" c="dimmed">
                  {original.has_password
                    ? t('fileManagement.form.passwordProtected')
                    : t('fileManagement.form.passwordOpen')}
                </Text>
              </Group>
              <SegmentedControl
                value={values.passwordAction}
                onChange={(value) => set('passwordAction', value as PasswordAction)}
                data={passwordActions}
                aria-label={t('fileManagement.form.password')}
                w="fit-content"
                maw="100%"
                data-testid="password-action"
              />
              {values.passwordAction === 'set' && (
                <PasswordInput
                  label={t('fileManagement.form.newPassword')}
                  placeholder={t('fileManagement.form.newPasswordPlaceholder')}
                  value={values.password}
                  onChange={(event) => set('password', event.currentTarget.value)}
                  error={errorText('password')}
                  autoComplete="new-password"
                  maxLength={SHARE_PASSWORD_MAX_LENGTH + 10}
                  required
                  maw={360}
                  mt={4}
                />
              )}
              {values.passwordAction !== 'set' && errorText('password') && (
                <Text size="xs" c="red">
                  {errorText('password')}
                </Text>
              )}
              {values.passwordAction === 'remove' && (
                <Text size="xs" c="orange">
                  {t('fileManagement.form.passwordRemoveHint')}
                </Text>
              )}
            </Stack>

            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('fileManagement.form.expiry')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('fileManagement.form.currentExpiry', { value: currentExpiry })}
              </Text>
              <Chip.Group
                multiple={false}
                value={values.expiry}
                onChange={(value) => set('expiry', value as FileExpiryChoice)}
              >
                <Group gap={8} role="radiogroup" aria-label={t('fileManagement.form.expiry')}>
                  {PASTE_EXPIRY_CHOICES.map((choice) => (
                    <Chip key={choice} value={choice} type="radio" size="sm" variant="light">
                      {t(`fileManagement.form.expiryChoices.${choice}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {values.expiry !== 'keep' && (
                <Text size="xs" c="dimmed">
                  {t('fileManagement.form.expiryFromNow')}
                </Text>
              )}
            </Stack>

            <NumberInput
              label={t('fileManagement.form.maxViews')}
              description={t('fileManagement.form.maxViewsDescription', {
                count: original.views,
              })}
              value={values.maxViews}
              onChange={(value) => set('maxViews', value)}
              error={errorText('maxViews')}
              allowDecimal={false}
              // A minus sign is kept, so that −5 is refused rather than read as 5.
              allowNegative
              min={0}
              clampBehavior="none"
              maw={360}
            />

            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                {t('fileManagement.form.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('fileManagement.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
