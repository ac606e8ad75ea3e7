import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { signOut } from '../auth.actions';

export function SignOutButton(props: ButtonProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="light"
      color="red"
      leftSection={<IconLogout size={16} stroke={1.8} />}
      loading={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOut();
          notifySuccess(t('auth.signedOut'));
        } finally {
          setPending(false);
        }
      }}
      data-testid="sign-out"
      {...props}
    >
      {t('auth.signOut')}
    </Button>
  );
}
