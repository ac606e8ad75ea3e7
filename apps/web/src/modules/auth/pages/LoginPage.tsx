import {
  Alert,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconKey, IconLock, IconLogin, IconUser } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { usePageTitle } from '../../../app/page-title';
import { LoginError, loginWithApiKey, loginWithPassword } from '../auth.actions';

type LoginMode = 'password' | 'apikey';

interface FieldErrors {
  username?: string;
  password?: string;
  apiKey?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle([t('titles.admin'), t('titles.login')]);
  const [mode, setMode] = useState<LoginMode>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginError | null>(null);
  const [pending, setPending] = useState(false);

  const switchMode = (value: string) => {
    setMode(value === 'apikey' ? 'apikey' : 'password');
    setFieldErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (mode === 'password') {
      if (username.trim() === '') errors.username = t('auth.login.usernameRequired');
      if (password === '') errors.password = t('auth.login.passwordRequired');
    } else if (apiKey.trim() === '') {
      errors.apiKey = t('auth.login.apiKeyRequired');
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      if (mode === 'password') {
        await loginWithPassword(username.trim(), password);
      } else {
        await loginWithApiKey(apiKey.trim());
      }
      notifySuccess(t('auth.login.success'));
    } catch (error) {
      setFailure(error instanceof LoginError ? error : new LoginError('auth.errors.loginFailed'));
      setPending(false);
    }
  };

  return (
    <Center px="md" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon
              size={48}
              radius="xl"
              variant="gradient"
              gradient={{ from: 'indigo.5', to: 'violet.5', deg: 135 }}
            >
              <IconLock size={24} stroke={1.7} />
            </ThemeIcon>
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {t('auth.login.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('auth.login.subtitle')}
            </Text>
          </Stack>

          <SegmentedControl
            fullWidth
            value={mode}
            onChange={switchMode}
            data={[
              { value: 'password', label: t('auth.login.modes.password') },
              { value: 'apikey', label: t('auth.login.modes.apiKey') },
            ]}
            data-testid="login-mode"
          />

          <Box component="form" onSubmit={submit} noValidate>
            <Stack gap="md">
              {mode === 'password' ? (
                <>
                  <TextInput
                    label={t('auth.login.username')}
                    placeholder={t('auth.login.usernamePlaceholder')}
                    leftSection={<IconUser size={16} stroke={1.7} />}
                    autoComplete="username"
                    value={username}
                    onChange={(event) => setUsername(event.currentTarget.value)}
                    error={fieldErrors.username}
                    required
                    data-autofocus
                  />
                  <PasswordInput
                    label={t('common.password')}
                    placeholder={t('auth.login.passwordPlaceholder')}
                    leftSection={<IconLock size={16} stroke={1.7} />}
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    error={fieldErrors.password}
                    required
                  />
                </>
              ) : (
                <PasswordInput
                  label={t('auth.login.apiKey')}
                  placeholder={t('auth.login.apiKeyPlaceholder')}
                  description={t('auth.login.apiKeyHint')}
                  leftSection={<IconKey size={16} stroke={1.7} />}
                  autoComplete="off"
                  spellCheck={false}
                  value={apiKey}
                  onChange={(event) => setApiKey(event.currentTarget.value)}
                  error={fieldErrors.apiKey}
                  required
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              )}

              {failure && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  title={t('auth.login.failedTitle')}
                  role="alert"
                  data-testid="login-error"
                >
                  {t(failure.messageKey, failure.params)}
                </Alert>
              )}

              <Button
                type="submit"
                fullWidth
                size="md"
                loading={pending}
                leftSection={<IconLogin size={18} stroke={1.8} />}
              >
                {mode === 'password' ? t('common.signIn') : t('auth.login.verifyKey')}
              </Button>
            </Stack>
          </Box>
        </Stack>
      </Paper>
    </Center>
  );
}
