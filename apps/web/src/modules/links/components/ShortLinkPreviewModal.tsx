import { Anchor, Group, Text } from '@mantine/core';
import type { ShortLink } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import type { ModalState } from '../../management';
import { PasswordBadge } from '../../pastes';
import { OpenInNewTabButton, ShareFact, ShareLinkPanel, SharePreviewModal } from '../../shares';
import { LinkExpiry, LinkVisits } from './LinkLimits';

/** A short link as its owner checks it: its QR code and copy button, where it leads, its limits. */
export function ShortLinkPreviewModal({
  link,
  onEdit,
  ...modal
}: { link: ShortLink | null; onEdit: (link: ShortLink) => void } & ModalState) {
  const { t, i18n } = useTranslation();
  return (
    <SharePreviewModal kind="link" share={link} onEdit={onEdit} {...modal}>
      {(shown, fullScreen) => (
        <>
          <ShareLinkPanel
            url={shown.short_url}
            texts="links.link"
            testIdPrefix="link"
            fullScreen={fullScreen}
            afterUrl={<OpenInNewTabButton href={shown.short_url} label={t('links.openInNewTab')} />}
          >
            {shown.has_password && (
              <Group gap={4}>
                <PasswordBadge />
              </Group>
            )}
            <ShareFact label={t('links.preview.target')}>
              <Anchor
                href={shown.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
                data-testid="link-preview-target"
              >
                {shown.url}
              </Anchor>
            </ShareFact>
            <Group gap="lg" wrap="wrap" align="flex-start">
              <ShareFact label={t('common.expires')}>
                <LinkExpiry link={shown} />
              </ShareFact>
              <ShareFact label={t('links.preview.visits')}>
                <LinkVisits link={shown} />
              </ShareFact>
              <ShareFact label={t('common.created')}>
                <Text size="sm">{formatDateTime(shown.created_at, i18n.language)}</Text>
              </ShareFact>
            </Group>
          </ShareLinkPanel>
          {shown.remark && (
            <ShareFact label={t('common.remark')}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {shown.remark}
              </Text>
            </ShareFact>
          )}
        </>
      )}
    </SharePreviewModal>
  );
}
