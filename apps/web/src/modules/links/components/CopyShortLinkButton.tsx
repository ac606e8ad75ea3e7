import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { notifyWarning } from '../../../app/notify';

/** Copies a short link from its row; where the clipboard refuses, the address is shown. */
export function CopyShortLinkButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  const label = copied ? t('links.link.copied') : t('links.link.copyLink');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        size="sm"
        onClick={async () => {
          if (!(await copy(url))) notifyWarning(url);
        }}
        aria-label={t('links.link.copyLink')}
        data-testid="link-copy"
        style={{ flexShrink: 0 }}
      >
        {copied ? <IconCheck size={15} /> : <IconCopy size={15} />}
      </ActionIcon>
    </Tooltip>
  );
}
