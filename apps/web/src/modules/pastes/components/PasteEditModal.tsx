import {
  Alert,
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ERROR_CODES,
  PASTE_REMARK_MAX_LENGTH,
  type Paste,
  type PasteFormat,
  type PasteSummary,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from '@sharebin/shared';
import { IconAlertCircle, IconLink, IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../app/api-client';
import { issueFieldErrors } from '../../../app/error-messages';
import { formatDateTime, isPast } from '../../../app/format';
import { notifyError, notifySuccess } from '../../../app/notify';
import {
  PASTE_EXPIRY_CHOICES,
  type PasswordAction,
  type PasteExpiryChoice,
  type PasteFormErrors,
  type PasteFormField,
  type PasteFormValues,
  pasteFormFrom,
  toUpdatePasteRequest,
  validatePasteForm,
} from '../paste-edit.form';
import { useManagedPaste, useUpdatePaste } from '../paste-management.hooks';

/** Server-side field names in validation details, mapped to the form's fields. */
const SERVER_FIELDS: Record<string, PasteFormField> = {
  content: 'content',
  remark: 'remark',
  slug: 'slug',
  password: 'password',
  max_views: 'maxViews',
};

/** Server messages per field: a taken slug (409), too much content (413), a 400's issues. */
function serverFieldErrors(error: unknown): Partial<Record<PasteFormField, string>> {
  if (!isApiError(error)) {
    return {};
  }
  if (error.status === 409 || error.code === ERROR_CODES.pasteSlugTaken) {
    return { slug: error.message };
  }
  if (error.code === ERROR_CODES.pasteTooLarge || error.status === 413) {
    return { content: error.message };
  }
  return issueFieldErrors(error, SERVER_FIELDS);
}

export function PasteEditModal({
  paste,
  opened,
  onClose,
  onExited,
}: {
  paste: PasteSummary | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const detail = useManagedPaste(paste?.id ?? null);
  const update = useUpdatePaste();
  // The paste the form was filled from: later refetches must not overwrite the user's edits.
  const [original, setOriginal] = useState<Paste | null>(null);
  const [values, setValues] = useState<PasteFormValues | null>(null);
  const [errors, setErrors] = useState<PasteFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<PasteFormField, string>>>({});

  // A fresh form each time the modal opens, from the newest copy of the paste.
  useEffect(() => {
    if (opened && original === null && detail.data && !detail.isFetching) {
      setOriginal(detail.data);
      setValues(pasteFormFrom(detail.data));
      setErrors({});
      setServerErrors({});
    }
  }, [opened, original, detail.data, detail.isFetching]);

  const set = <K extends keyof PasteFormValues>(field: K, value: PasteFormValues[K]) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    const formField = field === 'passwordAction' ? 'password' : field;
    setErrors((current) => ({ ...current, [formField]: undefined }));
    setServerErrors((current) => ({ ...current, [formField]: undefined }));
  };

  const errorText = (field: PasteFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : serverErrors[field];
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values || !original) {
      return;
    }
    const found = validatePasteForm(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      return;
    }
    const changes = toUpdatePasteRequest(values, original);
    if (Object.keys(changes).length === 0) {
      notifySuccess(t('textManagement.form.nothingChanged'));
      onClose();
      return;
    }
    update.mutate(
      { id: original.id, changes },
      {
        onSuccess: (updated) => {
          notifySuccess(t('textManagement.notifications.updated', { slug: updated.slug }));
          onClose();
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error));
          notifyError(error);
        },
      },
    );
  };

  let body: ReactNode;
  if (detail.isError && !values) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(detail.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => detail.refetch()}>
            {t('textManagement.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!values || !original) {
    body = (
      <Stack gap="lg" data-testid="paste-edit-loading">
        <Skeleton h={180} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={56} />
          <Skeleton h={56} />
        </SimpleGrid>
        <Skeleton h={56} />
      </Stack>
    );
  } else {
    body = (
      <PasteEditFields
        values={values}
        original={original}
        set={set}
        errorText={errorText}
        pending={update.isPending}
        onCancel={onClose}
      />
    );
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
          {t('textManagement.form.title')}
        </Text>
      }
      size="xl"
      fullScreen={fullScreen}
      closeOnClickOutside={!update.isPending}
    >
      <form onSubmit={submit} noValidate data-testid="paste-edit-form">
        {body}
      </form>
    </Modal>
  );
}

function PasteEditFields({
  values,
  original,
  set,
  errorText,
  pending,
  onCancel,
}: {
  values: PasteFormValues;
  original: Paste;
  set: <K extends keyof PasteFormValues>(field: K, value: PasteFormValues[K]) => void;
  errorText: (field: PasteFormField) => string | undefined;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const passwordActions: { value: PasswordAction; label: string }[] = original.has_password
    ? [
        { value: 'keep', label: t('textManagement.form.passwordKeep') },
        { value: 'set', label: t('textManagement.form.passwordChange') },
        { value: 'remove', label: t('textManagement.form.passwordRemove') },
      ]
    : [
        { value: 'keep', label: t('textManagement.form.passwordNone') },
        { value: 'set', label: t('textManagement.form.passwordSet') },
      ];
  let currentExpiry = t('textManagement.never');
  if (original.expires_at) {
    const when = formatDateTime(original.expires_at, i18n.language);
    currentExpiry = isPast(original.expires_at)
      ? t('textManagement.form.expiredAt', { value: when })
      : when;
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-end">
          <Text size="sm" fw={500} component="label" htmlFor="paste-edit-content">
            {t('textManagement.form.content')}{' '}
            <Text span c="red" inherit aria-hidden>
              *
            </Text>
          </Text>
          <SegmentedControl
            size="xs"
            value={values.format}
            onChange={(value) => set('format', value as PasteFormat)}
            data={[
              { value: 'markdown', label: t('textManagement.formats.markdown') },
              { value: 'text', label: t('textManagement.formats.text') },
            ]}
            aria-label={t('textManagement.form.format')}
          />
        </Group>
        <Textarea
          id="paste-edit-content"
          value={values.content}
          onChange={(event) => set('content', event.currentTarget.value)}
          error={errorText('content')}
          autosize
          minRows={8}
          maxRows={12}
          spellCheck={false}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
        <TextInput
          label={t('textManagement.form.slug')}
          description={t('textManagement.form.slugDescription', { max: SLUG_MAX_LENGTH })}
          leftSection={<IconLink size={16} stroke={1.7} />}
          value={values.slug}
          onChange={(event) => set('slug', event.currentTarget.value)}
          error={errorText('slug')}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={SLUG_MAX_LENGTH + 20}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <TextInput
          label={t('textManagement.form.remark')}
          description={t('textManagement.form.remarkDescription', {
            max: PASTE_REMARK_MAX_LENGTH,
          })}
          placeholder={t('textManagement.form.remarkPlaceholder')}
          value={values.remark}
          onChange={(event) => set('remark', event.currentTarget.value)}
          error={errorText('remark')}
          maxLength={PASTE_REMARK_MAX_LENGTH + 50}
        />
      </SimpleGrid>

      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('textManagement.form.password')}
        </Text>
        <Group gap={6}>
          {original.has_password ? (
            <IconLock size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
          ) : (
            <IconLockOpen size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
          )}
          <Text size="xs" c="dimmed">
            {original.has_password
              ? t('textManagement.form.passwordProtected')
              : t('textManagement.form.passwordOpen')}
          </Text>
        </Group>
        <SegmentedControl
          value={values.passwordAction}
          onChange={(value) => set('passwordAction', value as PasswordAction)}
          data={passwordActions}
          aria-label={t('textManagement.form.password')}
          w="fit-content"
          maw="100%"
          data-testid="password-action"
        />
        {values.passwordAction === 'set' && (
          <PasswordInput
            label={t('textManagement.form.newPassword')}
            placeholder={t('textManagement.form.newPasswordPlaceholder')}
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
            {t('textManagement.form.passwordRemoveHint')}
          </Text>
        )}
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('textManagement.form.expiry')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('textManagement.form.currentExpiry', { value: currentExpiry })}
        </Text>
        <Chip.Group
          multiple={false}
          value={values.expiry}
          onChange={(value) => set('expiry', value as PasteExpiryChoice)}
        >
          <Group gap={8} role="radiogroup" aria-label={t('textManagement.form.expiry')}>
            {PASTE_EXPIRY_CHOICES.map((choice) => (
              <Chip key={choice} value={choice} type="radio" size="sm" variant="light">
                {t(`textManagement.form.expiryChoices.${choice}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {values.expiry !== 'keep' && (
          <Text size="xs" c="dimmed">
            {t('textManagement.form.expiryFromNow')}
          </Text>
        )}
      </Stack>

      <NumberInput
        label={t('textManagement.form.maxViews')}
        description={t('textManagement.form.maxViewsDescription', { count: original.views })}
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
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t('textManagement.form.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {t('textManagement.form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
