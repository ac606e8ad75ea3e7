import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from '../../admin';
import { ChangeAccountForm } from '../components/ChangeAccountForm';
import { SystemSettingsForm } from '../components/SystemSettingsForm';

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.settings')}
        description={t('admin.moduleDescriptions.settings')}
      />
      <Stack gap="lg" maw={960}>
        <SystemSettingsForm />
        <ChangeAccountForm />
      </Stack>
    </>
  );
}
