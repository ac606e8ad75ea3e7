import { ActionIcon, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/** Opens a share's address in a new tab, beside its address field (ShareLinkPanel's `afterUrl`). */
export function OpenInNewTabButton({ href, label }: { href: string; label: string }) {
  return (
    <Tooltip label={label}>
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
