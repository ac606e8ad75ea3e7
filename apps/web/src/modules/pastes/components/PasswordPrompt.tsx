import { Button, Card, Center, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ERROR_CODES } from '@sharebin/shared';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';

/** SPEC §8: a wrong password, a rate limit with its wait, or what the server said. */
function useUnlockErrorText(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (!isApiError(error)) return t('errors.requestFailed');
  if (error.code === ERROR_CODES.pasteWrongPassword) return t('pasteView.password.wrong');
  if (error.status === 429) {
    return error.retryAfterSeconds !== null
      ? t('pasteView.password.tooManyAttempts', { count: error.retryAfterSeconds })
      : t('pasteView.password.tooManyAttemptsNoDelay');
  }
  if (error.status === 401) return error.serverMessage || t('pasteView.password.wrong');
  return error.message;
}

/** Asks for a protected paste's password. */
export function PasswordPrompt({
  onSubmit,
  pending,
  error,
}: {
  onSubmit: (password: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const serverError = useUnlockErrorText(error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    onSubmit(password);
  };

  return (
    <Center mih="55vh" px="md" py="xl">
      <Card w="100%" maw={420} p="xl" shadow="sm" data-testid="paste-password-prompt">
        <form onSubmit={submit} noValidate>
          <Stack gap="md" align="stretch">
            <Stack align="center" gap="xs" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconLock size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} fz={22}>
                {t('pasteView.password.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('pasteView.password.body')}
              </Text>
            </Stack>
            <PasswordInput
              label={t('pasteView.password.label')}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? t('pasteView.password.required') : serverError}
              autoComplete="off"
              data-autofocus
              autoFocus
              data-testid="paste-password"
            />
            <Button
              type="submit"
              loading={pending}
              leftSection={<IconLockOpen size={16} />}
              fullWidth
            >
              {t('pasteView.password.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
