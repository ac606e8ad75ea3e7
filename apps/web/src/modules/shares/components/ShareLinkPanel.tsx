import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareQrCode } from './ShareQrCode';
import { ShareUrlField } from './ShareUrlField';

/**
 * Whose wording the panel takes: the paste or the file preview's, a mounted path's share, a
 * short link or an upload request.
 */
type PanelTexts =
  | 'textManagement.preview'
  | 'fileManagement.previewModal'
  | 'fsShares.link'
  | 'links.link'
  | 'uploadRequests.link';

/**
 * A share's QR code beside its address and copy button, for the owner's preview; `children`
 * go under the address (badges, facts, buttons).
 */
export function ShareLinkPanel({
  url,
  texts,
  testIdPrefix,
  fullScreen,
  afterUrl,
  children,
}: {
  url: string;
  texts: PanelTexts;
  /** `paste` gives `paste-qr-code` and `paste-share-url`. */
  testIdPrefix: string;
  fullScreen: boolean;
  afterUrl?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group align="stretch" gap="md" wrap="wrap">
      <ShareQrCode
        url={url}
        size={132}
        title={t(`${texts}.qrCode`)}
        testId={`${testIdPrefix}-qr-code`}
        withBorder
        radius="md"
        style={{ flexShrink: 0, alignSelf: 'center' }}
        mx={fullScreen ? 'auto' : undefined}
      />
      <Stack gap="sm" style={{ flex: '1 1 260px' }} miw={0}>
        <ShareUrlField
          url={url}
          label={t(`${texts}.shareLink`)}
          copyLabel={t(`${texts}.copyLink`)}
          copiedLabel={t(`${texts}.copied`)}
          testId={`${testIdPrefix}-share-url`}
          copyTestId="copy-share-url"
          after={afterUrl}
        />
        {children}
      </Stack>
    </Group>
  );
}
