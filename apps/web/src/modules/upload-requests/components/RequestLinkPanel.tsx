import { ActionIcon, Tooltip } from '@mantine/core';
import type { UploadRequest } from '@sharebin/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareLinkPanel } from '../../shares';
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
        <Tooltip label={t('uploadRequests.openInNewTab')}>
          <ActionIcon
            component="a"
            href={request.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size={36}
            aria-label={t('uploadRequests.create.open')}
            style={{ flexShrink: 0 }}
          >
            <IconExternalLink size={18} />
          </ActionIcon>
        </Tooltip>
      }
    >
      <RequestLimitBadges request={request} withAccess />
    </ShareLinkPanel>
  );
}
