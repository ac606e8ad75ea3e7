import type { PublicFsShare } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { appPageUrl } from '../../../app/runtime-config';
import { formatBytes } from '../../../shared/format-bytes';
import { fileTypeIcon, previewKind } from '../../files';
import {
  SharedFileDetails,
  SharedFileFact,
  SharedFileLayout,
  ShareViewFrame,
  useShareAccessTexts,
} from '../../shares';
import { shareHref } from '../fs-share.paths';
import { SharedFilePreview, sharedFile } from './SharedFilePreview';
import { ShareHeading, shareLimits } from './ShareHeading';
import { RECOUNT_DELAY_MS, type ShareAccess } from './share-visit.hooks';

/** A shared file of a mount, as the file-share page shows an uploaded one. */
export function FileShareView({
  slug,
  share,
  access,
}: {
  slug: string;
  share: PublicFsShare;
  access: ShareAccess;
}) {
  const { t, i18n } = useTranslation();
  const name = share.name ?? '';
  const mimetype = share.mimetype ?? 'application/octet-stream';
  const file = sharedFile(slug, access.token, { name, size: share.size ?? null, mimetype });
  const limits = shareLimits(share, access);
  const texts = useShareAccessTexts('fs', limits);
  const limited = limits.remaining_views !== null;
  const downloaded = () => {
    if (limited) window.setTimeout(access.refresh, RECOUNT_DELAY_MS);
  };
  return (
    <ShareViewFrame>
      <ShareHeading
        icon={fileTypeIcon(previewKind(mimetype, name), mimetype)}
        label={t('fsShares.view.file.label')}
        share={share}
        access={access}
        withLimits={false}
      />
      <SharedFileLayout
        previewTestId="fs-share-file-preview"
        preview={<SharedFilePreview file={file} limited={limited} onShown={downloaded} />}
        details={
          <SharedFileDetails
            shareUrl={appPageUrl(shareHref(slug))}
            download={{ url: file.downloadUrl, filename: name, onClick: downloaded }}
            // Opening the file in a tab would spend one of a limited share's downloads unseen.
            openUrl={limited ? null : file.previewUrl}
            texts={{
              open: t('fsShares.view.file.openInTab'),
              qrTitle: t('fsShares.link.qrCode'),
              qrHint: t('fsShares.view.file.qrHint'),
            }}
            testIds={{
              card: 'fs-share-file-details',
              download: 'fs-share-download',
              qr: 'fs-share-qr',
            }}
          >
            <SharedFileFact label={t('common.size')} testId="fs-share-file-size">
              {formatBytes(share.size ?? 0, i18n.language)}
            </SharedFileFact>
            <SharedFileFact label={t('common.type')} testId="fs-share-file-type">
              {mimetype}
            </SharedFileFact>
            <SharedFileFact label={t('common.expires')}>{texts.expiry}</SharedFileFact>
            <SharedFileFact
              label={t('fsShares.view.meta.downloadsLeft')}
              testId="fs-share-file-left"
            >
              {texts.viewsLeft}
            </SharedFileFact>
          </SharedFileDetails>
        }
      />
    </ShareViewFrame>
  );
}
