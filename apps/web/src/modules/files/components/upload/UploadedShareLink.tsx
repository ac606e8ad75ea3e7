import { ActionIcon, Group, Popover, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconQrcode } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../../app/clipboard';
import { ShareQrCode } from '../../../shares';
import classes from './upload.module.css';

/** A finished upload's share link: copy it, open it, or scan it. */
export function UploadedShareLink({ url, testId }: { url: string; testId: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  const input = useRef<HTMLInputElement>(null);
  // The link suffix is what tells shares apart: on a narrow row, show the end of the address.
  useEffect(() => {
    if (input.current && url) input.current.scrollLeft = input.current.scrollWidth;
  }, [url]);
  return (
    <TextInput
      ref={input}
      value={url}
      readOnly
      size="xs"
      aria-label={t('upload.result.link')}
      onFocus={(event) => event.currentTarget.select()}
      classNames={{ input: classes.mono }}
      data-testid={testId}
      rightSectionWidth={92}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <Tooltip label={copied ? t('common.copied') : t('common.copyLink')}>
            <ActionIcon
              size="sm"
              variant={copied ? 'light' : 'subtle'}
              color={copied ? 'teal' : 'gray'}
              onClick={() => void copy(url)}
              aria-label={t('common.copyLink')}
              data-testid={`${testId}-copy`}
            >
              {copied ? <IconCheck size={15} /> : <IconCopy size={15} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.open')}>
            <ActionIcon
              size="sm"
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              aria-label={t('common.open')}
            >
              <IconExternalLink size={15} />
            </ActionIcon>
          </Tooltip>
          <Popover position="bottom-end" withArrow shadow="md">
            <Popover.Target>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t('upload.result.qr')}
                data-testid={`${testId}-qr`}
              >
                <IconQrcode size={15} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <ShareQrCode
                url={url}
                size={152}
                title={t('upload.result.qr')}
                testId="upload-qr"
                hint={t('upload.result.qrHint')}
              />
            </Popover.Dropdown>
          </Popover>
        </Group>
      }
    />
  );
}
