import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ERROR_CODES,
  EXPIRY_OPTIONS,
  type ExpiryOption,
  PASTE_REMARK_MAX_LENGTH,
  type Paste,
  type PasteFormat,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from '@sharebin/shared';
import { IconAlertCircle, IconLink, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { issueFieldErrors } from '../../../app/error-messages';
import { notifyError } from '../../../app/notify';
import { formatBytes } from '../../../shared/format-bytes';
import {
  type CreatePasteErrors,
  type CreatePasteField,
  type CreatePasteFormValues,
  emptyCreatePasteForm,
  toCreatePasteRequest,
  useCreatePaste,
  validateCreatePaste,
} from '../../pastes';
import { PasteAccessNotice, usePasteAccess } from './PasteAccessNotice';

/** Server-side field names in validation details, mapped to the form's fields. */
const SERVER_FIELDS: Record<string, CreatePasteField> = {
  content: 'content',
  remark: 'remark',
  slug: 'slug',
  password: 'password',
  max_views: 'maxViews',
};

interface CreatePastePanelProps {
  content: string;
  format: PasteFormat;
  /** The plain-text language to store; null detects it when shown. */
  language: string | null;
  onCreated: (paste: Paste) => void;
}

/** The share's settings (SPEC §3) and the button that creates it. */
export function CreatePastePanel({ content, format, language, onCreated }: CreatePastePanelProps) {
  const { t, i18n } = useTranslation();
  const access = usePasteAccess();
  const createPaste = useCreatePaste();
  const [values, setValues] = useState<CreatePasteFormValues>(emptyCreatePasteForm);
  const [errors, setErrors] = useState<CreatePasteErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<CreatePasteField, string>>>({});

  const set = <K extends keyof CreatePasteFormValues>(
    field: K,
    value: CreatePasteFormValues[K],
  ) => {
    setValues((current) => ({ ...current, [field]: value }));
    const errorField = field === 'expiresIn' ? null : (field as CreatePasteField);
    if (errorField) {
      setErrors((current) => ({ ...current, [errorField]: undefined }));
      setServerErrors((current) => ({ ...current, [errorField]: undefined }));
    }
  };

  // Typing in the editor answers the content's error: it must not outlive the content.
  const [checkedContent, setCheckedContent] = useState(content);
  if (checkedContent !== content) {
    setCheckedContent(content);
    setErrors((current) => (current.content ? { ...current, content: undefined } : current));
    setServerErrors((current) => (current.content ? { ...current, content: undefined } : current));
  }

  const errorText = (field: CreatePasteField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : serverErrors[field];
  };

  /** SPEC §8: the message of a failed creation, and the field it belongs to. */
  const failure = (error: unknown): { field?: CreatePasteField; message: string } => {
    if (!isApiError(error)) return { message: t('errors.requestFailed') };
    if (error.code === ERROR_CODES.pasteSlugTaken) {
      return { field: 'slug', message: t('errors.conflict') };
    }
    if (error.status === 409) return { field: 'slug', message: error.message };
    if (error.status === 413) {
      const limit = (error.details as { limitBytes?: unknown } | undefined)?.limitBytes;
      return {
        field: 'content',
        message:
          typeof limit === 'number'
            ? t('editor.form.tooLarge', { limit: formatBytes(limit, i18n.language) })
            : t('editor.form.tooLargeNoLimit'),
      };
    }
    return { message: error.message };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCreatePaste(values, content);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0 || access !== 'allowed') return;
    createPaste.mutate(toCreatePasteRequest(values, content, format, language), {
      onSuccess: (paste) => {
        setValues(emptyCreatePasteForm());
        onCreated(paste);
      },
      onError: (error) => {
        const fields: Partial<Record<CreatePasteField, string>> = isApiError(error)
          ? issueFieldErrors(error, SERVER_FIELDS)
          : {};
        const { field, message } = failure(error);
        if (field) fields[field] = message;
        setServerErrors(fields);
        notifyError(new Error(message), t('editor.form.failedTitle'));
      },
    });
  };

  const expiryOptions = EXPIRY_OPTIONS.map((option: ExpiryOption) => ({
    value: option,
    label: t(`editor.expiry.${option}`),
  }));
  const contentError = errorText('content');

  return (
    <Card
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="create-paste-form"
    >
      <Stack gap="md">
        <Text fw={650}>{t('editor.form.title')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('common.remark')}
            placeholder={t('editor.form.remarkPlaceholder')}
            value={values.remark}
            onChange={(event) => set('remark', event.currentTarget.value)}
            error={errorText('remark')}
            maxLength={PASTE_REMARK_MAX_LENGTH + 50}
          />
          <TextInput
            label={t('editor.form.slug')}
            placeholder={t('editor.form.slugPlaceholder')}
            leftSection={<IconLink size={16} stroke={1.7} />}
            value={values.slug}
            onChange={(event) => set('slug', event.currentTarget.value)}
            error={errorText('slug')}
            maxLength={SLUG_MAX_LENGTH + 10}
            autoComplete="off"
            spellCheck={false}
          />
          <PasswordInput
            label={t('editor.form.password')}
            placeholder={t('editor.form.passwordPlaceholder')}
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={errorText('password')}
            maxLength={SHARE_PASSWORD_MAX_LENGTH + 10}
            autoComplete="new-password"
          />
          <Select
            label={t('editor.form.expiry')}
            data={expiryOptions}
            value={values.expiresIn}
            onChange={(value) => value && set('expiresIn', value as ExpiryOption)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('editor.form.maxViews')}
            value={values.maxViews}
            onChange={(value) => set('maxViews', value)}
            error={errorText('maxViews')}
            min={0}
            // A minus sign is kept, so that −5 is refused rather than read as 5.
            allowNegative
            allowDecimal={false}
            clampBehavior="none"
          />
        </SimpleGrid>
        {contentError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="content-error"
          >
            {contentError}
          </Alert>
        )}
        <Group justify="space-between" align="flex-end" gap="md">
          <div style={{ flex: '1 1 280px', minWidth: 0 }}>
            <PasteAccessNotice access={access} />
          </div>
          <Button
            type="submit"
            size="md"
            leftSection={<IconSend size={18} stroke={1.8} />}
            loading={createPaste.isPending}
            disabled={access !== 'allowed'}
            data-testid="create-paste"
          >
            {t('editor.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
