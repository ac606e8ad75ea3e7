import {
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type SystemSettings,
  UPLOAD_SIZE_UNITS,
  type UploadSizeUnit,
  WEBDAV_UPLOAD_MODES,
  type WebdavUploadMode,
} from '@sharebin/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { LoadFailed } from '../../management';
import { useSystemSettings, useUpdateSystemSettings } from '../settings.hooks';
import classes from './settings.module.css';

interface FormValues {
  size: string | number;
  unit: UploadSizeUnit;
  mode: WebdavUploadMode;
}

function formFrom(settings: SystemSettings): FormValues {
  return {
    size: settings.max_upload_size,
    unit: settings.max_upload_size_unit,
    mode: settings.webdav_upload_mode,
  };
}

function isUploadSizeUnit(value: string | null): value is UploadSizeUnit {
  return (UPLOAD_SIZE_UNITS as readonly (string | null)[]).includes(value);
}

export function SystemSettingsForm() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  const update = useUpdateSystemSettings();
  const [values, setValues] = useState<FormValues | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) {
      setValues(formFrom(settings.data));
    }
  }, [settings.data]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values) {
      return;
    }
    const size = typeof values.size === 'number' ? values.size : Number.parseFloat(values.size);
    if (String(values.size).trim() === '') {
      setSizeError(t('settings.system.maxUploadSizeRequired'));
      return;
    }
    if (!Number.isFinite(size) || size <= 0) {
      setSizeError(t('settings.system.maxUploadSizePositive'));
      return;
    }
    setSizeError(null);
    update.mutate(
      { max_upload_size: size, max_upload_size_unit: values.unit, webdav_upload_mode: values.mode },
      {
        onSuccess: () => notifySuccess(t('settings.system.saved')),
        onError: (error) => notifyError(error),
      },
    );
  };

  const dirty =
    values !== null &&
    settings.data !== undefined &&
    (Number(values.size) !== settings.data.max_upload_size ||
      String(values.size).trim() === '' ||
      values.unit !== settings.data.max_upload_size_unit ||
      values.mode !== settings.data.webdav_upload_mode);

  let body: React.ReactNode;
  if (settings.isError) {
    body = <LoadFailed query={settings} title={t('settings.system.loadFailed')} />;
  } else if (!values) {
    body = (
      <Stack gap="md">
        <Skeleton h={36} w={320} />
        <Skeleton h={120} />
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate data-testid="system-settings-form">
        <Stack gap="xl">
          <Stack gap={6}>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <NumberInput
                label={t('settings.system.maxUploadSize')}
                value={values.size}
                onChange={(size) => {
                  setValues({ ...values, size });
                  setSizeError(null);
                }}
                error={sizeError}
                allowNegative={false}
                decimalScale={2}
                min={0}
                required
                style={{ flex: '1 1 auto' }}
                maw={260}
              />
              <Select
                label={t('settings.system.unit')}
                data={[...UPLOAD_SIZE_UNITS]}
                value={values.unit}
                onChange={(unit) => isUploadSizeUnit(unit) && setValues({ ...values, unit })}
                allowDeselect={false}
                w={96}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('settings.system.maxUploadSizeDescription')}
            </Text>
          </Stack>

          <Radio.Group
            label={t('settings.system.webdavMode')}
            description={t('settings.system.webdavModeDescription')}
            value={values.mode}
            onChange={(mode) =>
              setValues({
                ...values,
                mode: (WEBDAV_UPLOAD_MODES as readonly string[]).includes(mode)
                  ? (mode as WebdavUploadMode)
                  : values.mode,
              })
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
              {WEBDAV_UPLOAD_MODES.map((mode) => (
                <Radio.Card
                  key={mode}
                  value={mode}
                  className={classes.radioCard}
                  radius="md"
                  data-testid={`webdav-mode-${mode}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} />
                    <Stack gap={2}>
                      <Text fw={600} size="sm">
                        {t(`settings.system.webdavModes.${mode}`)}
                      </Text>
                      <Text size="xs" c="dimmed" lh={1.45}>
                        {t(`settings.system.webdavModeHints.${mode}`)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>

          <Group justify="flex-end">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!dirty}
              leftSection={<IconDeviceFloppy size={16} />}
            >
              {t('settings.system.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap={4} mb="lg">
        <Title order={3}>{t('settings.system.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('settings.system.description')}
        </Text>
      </Stack>
      {body}
    </Card>
  );
}
