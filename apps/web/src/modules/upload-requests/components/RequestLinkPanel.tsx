import type { UploadRequest } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { OpenInNewTabButton, ShareLinkPanel } from '../../shares';
import { RequestLimitBadges } from './RequestLimitBadges';

/** A request's link with its QR code, copy and open buttons, and what the request accepts. */
export function RequestLinkPanel({
  request,
  fullScreen,
}: {
  request: UploadRequest;
  fullScreen: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ShareLinkPanel
      url={request.url}
      texts="uploadRequests.link"
      testIdPrefix="upload-request"
      fullScreen={fullScreen}
      afterUrl={
        <OpenInNewTabButton
          href={request.url}
          label={t('uploadRequests.create.open')}
          tooltip={t('uploadRequests.openInNewTab')}
        />
      }
    >
      <RequestLimitBadges request={request} withAccess />
    </ShareLinkPanel>
  );
}
