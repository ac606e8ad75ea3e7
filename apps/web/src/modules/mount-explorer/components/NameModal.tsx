import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { nameProblem } from '../explorer.paths';

/**
 * Asks for a name (a new folder, or a new name for an entry), checks it as typed, and shows
 * the server's refusal in place when the call fails.
 */
export function NameModal({
  opened,
  title,
  label,
  placeholder,
  submitLabel,
  initialName,
  siblings,
  notice,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  initialName: string;
  /** Names already in the folder (the entry's own name excluded). */
  siblings: readonly string[];
  /** What else the change does (share links that follow), under the field. */
  notice?: ReactNode;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setName(initialName);
      setTouched(false);
      setFailure(null);
    }
  }, [opened, initialName]);

  const problem = nameProblem(name, siblings);
  const unchanged = initialName !== '' && name.trim() === initialName;
  const submit = async () => {
    setTouched(true);
    if (problem || unchanged) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={label}
            placeholder={placeholder}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setTouched(true);
              setFailure(null);
            }}
            error={
              failure ?? (touched && problem ? t(`mountExplorer.names.${problem}`) : undefined)
            }
            data-autofocus
            onFocus={(event) => {
              // Select the name without its extension, as file managers do.
              const dot = event.currentTarget.value.lastIndexOf('.');
              event.currentTarget.setSelectionRange(
                0,
                dot > 0 ? dot : event.currentTarget.value.length,
              );
            }}
            data-testid="name-input"
          />
          {notice}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={unchanged} data-testid="name-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
