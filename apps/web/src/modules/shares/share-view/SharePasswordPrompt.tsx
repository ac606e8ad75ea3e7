import { Button, Card, Center, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { SHARE_KINDS, type ShareKind } from './share-kinds';

/** SPEC §8: a wrong password, a rate limit with its wait, or what the server said. */
function useUnlockErrorText(kind: ShareKind, error: unknown): string | null {
  const { t } = useTranslation();
  const { texts, wrongPassword } = SHARE_KINDS[kind];
  if (!error) return null;
  if (!isApiError(error)) return t('errors.requestFailed');
  if (error.code === wrongPassword) return t(`${texts}.password.wrong`);
  if (error.status === 429) {
    return error.retryAfterSeconds !== null
      ? t(`${texts}.password.tooManyAttempts`, { count: error.retryAfterSeconds })
      : t(`${texts}.password.tooManyAttemptsNoDelay`);
  }
  if (error.status === 401) return error.serverMessage || t(`${texts}.password.wrong`);
  return error.message;
}

/** Asks for the password of a protected paste or file share. */
export function SharePasswordPrompt({
  kind,
  onSubmit,
  pending,
  error,
}: {
  kind: ShareKind;
  onSubmit: (password: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const { texts, testId } = SHARE_KINDS[kind];
  const serverError = useUnlockErrorText(kind, error);

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
      <Card w="100%" maw={420} p="xl" shadow="sm" data-testid={`${testId}-password-prompt`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md" align="stretch">
            <Stack align="center" gap="xs" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconLock size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} fz={22}>
                {t(`${texts}.password.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`${texts}.password.body`)}
              </Text>
            </Stack>
            <PasswordInput
              label={t(`${texts}.password.label`)}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? t(`${texts}.password.required`) : serverError}
              autoComplete="off"
              data-autofocus
              autoFocus
              data-testid={`${testId}-password`}
            />
            <Button
              type="submit"
              loading={pending}
              leftSection={<IconLockOpen size={16} />}
              fullWidth
            >
              {t(`${texts}.password.submit`)}
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
