import type { PublicFile } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../app/format';
import { formatBytes } from '../../../../shared/format-bytes';
import { SharedFileDetails, SharedFileFact, useShareAccessTexts } from '../../../shares';
import { fileShareUrl } from '../../share/file-share.api';

/** A share's facts, its download and link, and a QR code to open it elsewhere. */
export function FileShareDetails({
  file,
  previewUrl,
  downloadUrl,
}: {
  file: PublicFile;
  previewUrl: string;
  downloadUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const access = useShareAccessTexts('file', file);

  return (
    <SharedFileDetails
      shareUrl={fileShareUrl(file.slug)}
      download={{ url: downloadUrl, filename: file.filename }}
      openUrl={previewUrl}
      texts={{
        open: t('fileShare.actions.open'),
        qrTitle: t('fileShare.actions.qrCode'),
        qrHint: t('fileShare.actions.qrHint'),
      }}
      testIds={{
        card: 'file-details',
        download: 'file-download',
        copyLink: 'file-copy-link',
        qr: 'file-qr',
      }}
    >
      <SharedFileFact label={t('common.size')} testId="file-size">
        {formatBytes(file.size ?? 0, i18n.language)}
      </SharedFileFact>
      <SharedFileFact label={t('common.type')} testId="file-type">
        {file.mimetype}
      </SharedFileFact>
      {file.created_at && (
        <SharedFileFact label={t('fileShare.meta.uploaded')}>
          {formatDateTime(file.created_at, i18n.language)}
        </SharedFileFact>
      )}
      <SharedFileFact label={t('common.expires')} testId="file-expiry">
        {access.expiry}
      </SharedFileFact>
      <SharedFileFact label={t('fileShare.meta.viewsLeft')} testId="file-views-left">
        {access.viewsLeft}
      </SharedFileFact>
    </SharedFileDetails>
  );
}
