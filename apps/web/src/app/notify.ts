import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { errorMessage } from './api-client';

/** One notification per distinct message: the same failure from two places shows once. */
export function notifyError(error: unknown, title?: string): void {
  const message = errorMessage(error);
  notifications.show({
    id: `error:${message}`,
    color: 'red',
    title: title ?? i18n.t('errors.notificationTitle'),
    message,
    autoClose: 6000,
  });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

export function notifyWarning(message: string, title?: string): void {
  notifications.show({
    id: `warning:${message}`,
    color: 'yellow',
    title,
    message,
    autoClose: 6000,
  });
}
