import { ADMIN_PASSWORD_MIN_LENGTH, type ChangePasswordRequest } from '@sharebin/shared';

/** The change-account rules of SPEC §5, mirroring changePasswordRequestSchema. */
export interface AccountFormValues {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
}

export type AccountFormField = keyof AccountFormValues;

export interface AccountFormError {
  key:
    | 'settings.account.currentPasswordRequired'
    | 'settings.account.needOneChange'
    | 'settings.account.passwordTooShort'
    | 'settings.account.passwordSameAsCurrent'
    | 'settings.account.passwordsDoNotMatch';
  params?: Record<string, number>;
}

export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  currentPassword: '',
  newUsername: '',
  newPassword: '',
  confirmPassword: '',
};

export function validateAccountForm(
  values: AccountFormValues,
): Partial<Record<AccountFormField, AccountFormError>> {
  const errors: Partial<Record<AccountFormField, AccountFormError>> = {};
  if (values.currentPassword === '') {
    errors.currentPassword = { key: 'settings.account.currentPasswordRequired' };
  }
  const newUsername = values.newUsername.trim();
  if (newUsername === '' && values.newPassword === '') {
    errors.newPassword = { key: 'settings.account.needOneChange' };
    return errors;
  }
  if (values.newPassword !== '') {
    if (values.newPassword.length < ADMIN_PASSWORD_MIN_LENGTH) {
      errors.newPassword = {
        key: 'settings.account.passwordTooShort',
        params: { min: ADMIN_PASSWORD_MIN_LENGTH },
      };
    } else if (values.newPassword === values.currentPassword) {
      errors.newPassword = { key: 'settings.account.passwordSameAsCurrent' };
    }
    if (values.confirmPassword !== values.newPassword) {
      errors.confirmPassword = { key: 'settings.account.passwordsDoNotMatch' };
    }
  }
  return errors;
}

export function toChangePasswordRequest(values: AccountFormValues): ChangePasswordRequest {
  const request: ChangePasswordRequest = { currentPassword: values.currentPassword };
  if (values.newPassword !== '') request.newPassword = values.newPassword;
  const newUsername = values.newUsername.trim();
  if (newUsername !== '') request.newUsername = newUsername;
  return request;
}
