import { Button, Group, Menu, Popover } from '@mantine/core';
import type { PasteView } from '@sharebin/shared';
import {
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconDownload,
  IconFileText,
  IconFileTypeDocx,
  IconLink,
  IconPhotoDown,
  IconQrcode,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { downloadBlob } from '../../../app/download';
import { notifyError } from '../../../app/notify';
import { ShareQrCode } from '../../shares';
import { pasteShareUrl } from '../paste-management.utils';
import { pastesApi } from '../pastes.api';

/** The colour behind an element, for a picture of it that looks like the page. */
function backgroundBehind(element: HTMLElement): string {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (color && color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#ffffff';
}

function CopyAction({
  text,
  icon,
  label,
  testId,
}: {
  text: string;
  icon: ReactNode;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <Button
      variant={copied ? 'light' : 'default'}
      color={copied ? 'teal' : undefined}
      size="xs"
      leftSection={copied ? <IconCheck size={15} /> : icon}
      onClick={() => void copy(text)}
      data-testid={testId}
    >
      {copied ? t('common.copied') : label}
    </Button>
  );
}

/**
 * What a reader can do with a paste: copy it or its link, open it raw, scan its QR code, and
 * export it to Word or PNG. `rendered` is the drawn content, once complete (the PNG needs it).
 */
export function PasteActions({
  paste,
  rendered,
}: {
  paste: PasteView;
  rendered: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<'docx' | 'png' | null>(null);
  const shareUrl = pasteShareUrl(paste.slug);
  // A protected paste's raw link carries the short-lived token from the unlock, never the password.
  const rawUrl = pastesApi.rawUrl(paste.slug, paste.access_token);

  const run = async (kind: 'docx' | 'png') => {
    setExporting(kind);
    try {
      const exports = await import('../../markdown/markdown.export');
      if (kind === 'docx') {
        const blob =
          paste.format === 'markdown'
            ? await exports.markdownToDocx(paste.content, paste.slug, rendered)
            : await exports.textToDocx(paste.content, paste.slug);
        downloadBlob(blob, `${paste.slug}.docx`);
      } else if (rendered) {
        downloadBlob(
          await exports.elementToPng(rendered, backgroundBehind(rendered)),
          `${paste.slug}.png`,
        );
      }
    } catch (error) {
      notifyError(error, t('pasteView.actions.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  // This was the last view the paste allowed: its link, raw text and QR code lead nowhere now.
  const linkUsable = paste.remaining_views !== 0;

  return (
    <Group gap="xs" data-testid="paste-actions">
      <CopyAction
        text={paste.content}
        icon={<IconCopy size={15} />}
        label={t('pasteView.actions.copyContent')}
        testId="copy-content"
      />
      {linkUsable && (
        <CopyAction
          text={shareUrl}
          icon={<IconLink size={15} />}
          label={t('common.copyLink')}
          testId="copy-link"
        />
      )}
      {linkUsable && (
        <Button
          component="a"
          href={rawUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          size="xs"
          leftSection={<IconFileText size={15} />}
          data-testid="raw-link"
        >
          {t('pasteView.actions.raw')}
        </Button>
      )}
      {linkUsable && (
        <Popover position="bottom" withArrow shadow="md">
          <Popover.Target>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconQrcode size={15} />}
              data-testid="qr-button"
            >
              {t('pasteView.actions.qrCode')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <ShareQrCode
              url={shareUrl}
              size={168}
              title={t('pasteView.actions.qrCode')}
              testId="paste-qr"
              hint={t('pasteView.actions.qrHint')}
            />
          </Popover.Dropdown>
        </Popover>
      )}
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={15} />}
            rightSection={<IconChevronDown size={14} />}
            loading={exporting !== null}
            data-testid="export-menu"
          >
            {t('pasteView.actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileTypeDocx size={16} />}
            onClick={() => void run('docx')}
            data-testid="export-docx"
          >
            {t('pasteView.actions.exportDocx')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPhotoDown size={16} />}
            onClick={() => void run('png')}
            disabled={rendered === null}
            data-testid="export-png"
          >
            {t('pasteView.actions.exportPng')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
