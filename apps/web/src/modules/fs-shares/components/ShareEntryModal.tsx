import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ERROR_CODES,
  type ExpiryOption,
  type FsShare,
  type FsShareCreateRequest,
  fsShareUpdateRequestSchema,
} from '@sharebin/shared';
import { IconFile, IconFolderFilled, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import {
  EditModal,
  FormButtons,
  NEW_SHARE_SETTINGS,
  ShareSettingsFields,
  type ShareSettingsValues,
  useCreationDialog,
  useShareEditForm,
} from '../../management';
import { OpenInNewTabButton, SharedPathBlock, ShareLinkPanel } from '../../shares';
import { useCreateFsShare } from '../fs-shares.hooks';
import { ExistingShares } from './ExistingShares';

/** What can be shared: a file or folder of the explorer (never a virtual folder). */
export interface ShareTarget {
  path: string;
  name: string;
  is_directory: boolean;
}

function createRequest(path: string, values: ShareSettingsValues): FsShareCreateRequest {
  const slug = values.slug.trim();
  return {
    path,
    remark: values.remark.trim(),
    ...(slug ? { slug } : {}),
    ...(values.passwordAction === 'set' ? { password: values.password } : {}),
    expires_in: values.expiry === 'keep' ? 'never' : (values.expiry as ExpiryOption),
    max_views: Number(String(values.maxViews).trim() || 0),
  };
}

/** The made share's link, its QR code and what limits it. */
function CreatedShare({ share, onDone }: { share: FsShare; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap="md" data-testid="fs-share-created">
      <Text size="sm">
        {share.kind === 'folder'
          ? t('fsShares.create.readyFolder')
          : t('fsShares.create.readyFile')}
      </Text>
      <ShareLinkPanel
        url={share.url}
        texts="fsShares.link"
        testIdPrefix="fs-share"
        fullScreen={fullScreen}
        afterUrl={
          <OpenInNewTabButton
            href={share.url}
            label={t('fsShares.create.open')}
            tooltip={t('fsShares.openInNewTab')}
          />
        }
      >
        <Group gap={6}>
          {share.has_password && (
            <Badge variant="light" color="grape" tt="none" leftSection={<IconLock size={12} />}>
              {t('fsShares.view.meta.protected')}
            </Badge>
          )}
          <Badge variant="light" color="gray" tt="none">
            {t('fsShares.create.expiresBadge', {
              value: share.expires_at
                ? formatDateTime(share.expires_at, i18n.language)
                : t('common.never'),
            })}
          </Badge>
          <Badge variant="light" color="gray" tt="none">
            {t('fsShares.create.maxDownloadsBadge', {
              value: share.max_views > 0 ? share.max_views : t('fsShares.view.meta.unlimited'),
            })}
          </Badge>
        </Group>
      </ShareLinkPanel>
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="fs-share-done">
          {t('fsShares.create.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The explorer's Share: the settings every share has (suffix, password, expiry, download
 * limit, remark), then the link with its QR code and copy button. Links already made to the
 * same entry are listed first.
 */
export function ShareEntryModal({
  entry,
  onClose,
}: {
  /** The entry to share; null closes the dialog. */
  entry: ShareTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { shown, created, onExited, createSteps, onSubmit } = useCreationDialog<
    ShareTarget,
    FsShare
  >(entry, entry !== null);
  const create = useCreateFsShare();
  const form = useShareEditForm({
    source: entry ? NEW_SHARE_SETTINGS : null,
    opened: entry !== null,
    schema: fsShareUpdateRequestSchema,
    slugTakenCode: ERROR_CODES.fsShareSlugTaken,
    creating: true,
  });

  const save = (values: ShareSettingsValues) => {
    if (!shown) return;
    form.saveChanges(
      createRequest(shown.path, values),
      createSteps(
        (request, done) => create.mutate(request, done),
        () => t('fsShares.notifications.created'),
      ),
    );
  };

  const { values, original } = form;
  return (
    <EditModal
      title={t('fsShares.create.title', { name: shown?.name ?? '' })}
      form={form}
      opened={entry !== null}
      onClose={onClose}
      onExited={onExited}
      pending={create.isPending}
      size="lg"
      onSubmit={onSubmit(form.submit(save))}
      testId="fs-share-form"
    >
      {created ? (
        <CreatedShare share={created} onDone={onClose} />
      ) : (
        shown &&
        values &&
        original && (
          <Stack gap="lg">
            <SharedPathBlock
              path={shown.path}
              icon={shown.is_directory ? IconFolderFilled : IconFile}
              color={shown.is_directory ? 'yellow' : 'gray'}
              intro={
                shown.is_directory
                  ? t('fsShares.create.introFolder')
                  : t('fsShares.create.introFile')
              }
              testId="fs-share-path"
            />
            <ExistingShares path={shown.path} />
            <ShareSettingsFields
              ns="fsShares"
              values={values}
              original={original}
              set={form.set}
              errorOf={form.errorOf}
              autoFocusSlug
              creating={{
                slugPlaceholder: t('fsShares.form.slugPlaceholder'),
                maxViewsDescription: t('fsShares.form.maxViewsNew'),
              }}
            />
            <FormButtons
              cancel={t('common.cancel')}
              submit={t('fsShares.create.submit')}
              pending={create.isPending}
              onCancel={onClose}
            />
          </Stack>
        )
      )}
    </EditModal>
  );
}
