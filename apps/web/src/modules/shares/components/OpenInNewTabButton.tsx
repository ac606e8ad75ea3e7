import { ActionIcon, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/**
 * Opens a share's address in a new tab, beside its address field (ShareLinkPanel's `afterUrl`).
 * `label` names the button; the tooltip says the same unless a creation dialog words it apart
 * (its button is "Open", its tooltip "Open in a new tab").
 */
export function OpenInNewTabButton({
  href,
  label,
  tooltip = label,
}: {
  href: string;
  label: string;
  tooltip?: string;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        size={36}
        aria-label={label}
        style={{ flexShrink: 0 }}
      >
        <IconExternalLink size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
