import { Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { PublicFile } from '@sharebin/shared';
import {
  SharedFileLayout,
  ShareProtectedBadge,
  ShareUnavailable,
  ShareViewFrame,
  ShareViewRoute,
  ShareViewShell,
} from '../../shares';
import { FilePreview } from '../components/share/FilePreview';
import { FileShareDetails } from '../components/share/FileShareDetails';
import { fileTypeIcon } from '../components/share/file-type-icon';
import { previewKind } from '../share/file-preview';
import { fileShareApi } from '../share/file-share.api';
import { useFileShareView, useVerifyFileShare } from '../share/file-share.hooks';

function FileShareDisplay({ file, unlocked }: { file: PublicFile; unlocked: boolean }) {
  if (!file.preview_url || !file.download_url || !file.filename || !file.mimetype) {
    return <ShareUnavailable kind="file" reason="notFound" />;
  }
  const previewUrl = fileShareApi.contentUrl(file.preview_url);
  const downloadUrl = fileShareApi.contentUrl(file.download_url);
  const TypeIcon = fileTypeIcon(previewKind(file.mimetype, file.filename), file.mimetype);
  return (
    <ShareViewFrame>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" style={{ flexShrink: 0 }}>
          <TypeIcon size={26} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title
            order={1}
            fz={{ base: 20, sm: 26 }}
            // Full contrast in both themes (the default text colour is a dim grey on dark).
            c="bright"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="file-name"
          >
            {file.filename}
          </Title>
          <Group gap={6}>{unlocked && <ShareProtectedBadge kind="file" />}</Group>
        </Stack>
      </Group>
      <SharedFileLayout
        previewTestId="file-preview"
        preview={
          <FilePreview
            file={{
              filename: file.filename,
              mimetype: file.mimetype,
              size: file.size ?? 0,
              previewUrl,
              downloadUrl,
            }}
          />
        }
        details={<FileShareDetails file={file} previewUrl={previewUrl} downloadUrl={downloadUrl} />}
      />
    </ShareViewFrame>
  );
}

function FileShareViewer({ slug }: { slug: string }) {
  const view = useFileShareView(slug);
  const verify = useVerifyFileShare(slug);
  const locked = view.data?.requires_password === true;
  const content = verify.data ? (
    <FileShareDisplay file={verify.data} unlocked />
  ) : view.data && !locked ? (
    <FileShareDisplay file={view.data} unlocked={false} />
  ) : null;
  return (
    <ShareViewShell kind="file" view={view} unlock={verify} locked={locked} content={content} />
  );
}

/** /file/{slug}: a shared file with its preview, behind its password when it has one (SPEC §2). */
export default function FileSharePage() {
  return <ShareViewRoute kind="file" viewer={FileShareViewer} />;
}
