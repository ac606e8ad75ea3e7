import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ERROR_CODES } from '@sharebin/shared';
import { IconAlertTriangle, IconUserCog } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { issueFieldErrors } from '../../../app/error-messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { logout } from '../../auth';
import {
  type AccountFormError,
  type AccountFormField,
  type AccountFormValues,
  EMPTY_ACCOUNT_FORM,
  toChangePasswordRequest,
  validateAccountForm,
} from '../settings.form';
import { useChangeAccount } from '../settings.hooks';

/** Server messages per field from a 400's zod issues, or the 401 wrong-password answer. */
function serverFieldErrors(error: unknown): Partial<Record<AccountFormField, string>> {
  if (!isApiError(error)) {
    return {};
  }
  if (error.status === 401 || error.code === ERROR_CODES.authWrongCurrentPassword) {
    return { currentPassword: error.message };
  }
  return issueFieldErrors<AccountFormField>(error, {
    currentPassword: 'currentPassword',
    newPassword: 'newPassword',
    newUsername: 'newUsername',
  });
}

export function ChangeAccountForm() {
  const { t } = useTranslation();
  const changeAccount = useChangeAccount();
  const [values, setValues] = useState<AccountFormValues>(EMPTY_ACCOUNT_FORM);
  const [errors, setErrors] = useState<Partial<Record<AccountFormField, AccountFormError>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<AccountFormField, string>>>({});

  const set = (field: AccountFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorText = (field: AccountFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : serverErrors[field];
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateAccountForm(values);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      return;
    }
    changeAccount.mutate(toChangePasswordRequest(values), {
      onSuccess: () => {
        notifySuccess(t('settings.account.success'));
        // The server has ended every session; end this one too (SPEC §4).
        logout('manual');
      },
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        notifyError(error, t('settings.account.verificationFailed'));
      },
    });
  };

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap={4} mb="lg">
        <Title order={3}>{t('settings.account.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('settings.account.description')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate data-testid="change-account-form">
        <Stack gap="md">
          <PasswordInput
            label={t('settings.account.currentPassword')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => set('currentPassword', event.currentTarget.value)}
            error={errorText('currentPassword')}
            required
            maw={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          />
          <TextInput
            label={t('settings.account.newUsername')}
            placeholder={t('settings.account.newUsernamePlaceholder')}
            autoComplete="username"
            value={values.newUsername}
            onChange={(event) => set('newUsername', event.currentTarget.value)}
            error={errorText('newUsername')}
            maw={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label={t('settings.account.newPassword')}
              placeholder={t('settings.account.newPasswordPlaceholder')}
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(event) => set('newPassword', event.currentTarget.value)}
              error={errorText('newPassword')}
            />
            <PasswordInput
              label={t('settings.account.confirmPassword')}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => set('confirmPassword', event.currentTarget.value)}
              error={errorText('confirmPassword')}
              disabled={values.newPassword === ''}
            />
          </SimpleGrid>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('settings.account.logoutWarning')}
          </Alert>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={changeAccount.isPending}
              leftSection={<IconUserCog size={16} />}
            >
              {t('settings.account.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
