import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { FsConflictMode, FsEntry } from '@sharebin/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { extractionPath, extractionTarget, nameProblem } from '../explorer.paths';
import { followStartedJob } from '../explorer.results';
import { fsApi } from '../fs.api';
import { ConflictChoice } from './ConflictChoice';
import { FolderPicker, useTargetWritable } from './FolderPicker';

const NOTHING_EXCLUDED: ReadonlySet<string> = new Set();

/**
 * Extracts an archive as a background job: into a folder beside it named after it (made when
 * missing), or wherever the user picks, with the copy's choice for names already there. A
 * refusal (not an archive, unreadable, no permission) stays in the dialog until it is changed.
 */
export function ExtractModal({
  entry,
  onClose,
  onDone,
}: {
  /** The archive; null while the dialog is closed. */
  entry: FsEntry | null;
  onClose: () => void;
  /** The job has ended: the listings it wrote to are read again. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const opened = entry !== null;
  // Kept while the dialog fades out, so its title does not go blank.
  const [archive, setArchive] = useState<FsEntry | null>(entry);
  const [folder, setFolder] = useState('/');
  const [name, setName] = useState('');
  const [conflict, setConflict] = useState<FsConflictMode>('fail');
  const extract = useMutation({ mutationFn: fsApi.extract });
  const { reset } = extract;

  useEffect(() => {
    if (!entry) return;
    const beside = extractionTarget(entry.path);
    setArchive(entry);
    setFolder(beside.folder);
    setName(beside.name);
    setConflict('fail');
    reset();
  }, [entry, reset]);

  const writable = useTargetWritable(folder);
  const problem = name.trim() === '' ? null : nameProblem(name);
  const target = extractionPath(folder, name);

  const submit = () => {
    if (!archive || problem) return;
    extract.mutate(
      { path: archive.path, targetPath: target, conflict },
      {
        onSuccess: (job) => {
          onClose();
          followStartedJob(job, 'mountExplorer.extract.done', onDone);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={t('mountExplorer.extract.title', { name: archive?.name ?? '' })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm" fw={500}>
            {t('mountExplorer.extract.into')}
          </Text>
          <FolderPicker
            path={folder}
            onChange={(next) => {
              setFolder(next);
              reset();
            }}
            exclude={NOTHING_EXCLUDED}
            listHeight={180}
          />
          <TextInput
            label={t('mountExplorer.extract.folderName')}
            placeholder={t('mountExplorer.extract.noFolder')}
            description={
              <span data-testid="extract-target">
                {t('mountExplorer.extract.target')} <Code>{target}</Code>
              </span>
            }
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              reset();
            }}
            error={problem ? t(`mountExplorer.names.${problem}`) : undefined}
            data-testid="extract-folder-name"
          />
          <ConflictChoice
            value={conflict}
            onChange={(mode) => {
              setConflict(mode);
              reset();
            }}
          />
          {extract.isError && (
            <Alert color="red" data-testid="extract-error">
              {errorMessage(extract.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={extract.isPending}
              disabled={!writable || target === '/' || problem !== null}
              data-testid="extract-submit"
            >
              {t('mountExplorer.extract.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
