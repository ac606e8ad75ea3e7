import { Anchor, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconExternalLink, IconKey, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../app/format';
import type { ShareNamespace } from './ShareSettingsFields';

/** A share's link suffix, opening its page in a new tab. */
export function ShareLink({
  ns,
  href,
  slug,
  testId,
}: {
  ns: ShareNamespace;
  href: string;
  slug: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(`${ns}.openInNewTab`)}>
      <Anchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        fw={600}
        ff="monospace"
        w="fit-content"
        maw="100%"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0 }}
        data-testid={testId}
      >
        <Text span inherit truncate="end">
          {slug}
        </Text>
        <IconExternalLink size={13} stroke={1.8} style={{ flexShrink: 0 }} />
      </Anchor>
    </Tooltip>
  );
}

/**
 * What a share holds, named: its icon, its name (two lines at most) and the remark under it.
 * `testIdPrefix` names the test hooks (`<prefix>-name`, `<prefix>-remark`).
 */
export function ShareTitle({
  icon,
  name,
  remark,
  testIdPrefix,
  fullNameOnHover,
}: {
  icon: ReactNode;
  name: string;
  remark: string;
  testIdPrefix: string;
  /** The whole name in a tooltip, for names long enough to be cut. */
  fullNameOnHover?: boolean;
}) {
  const title = (
    <Text
      size="sm"
      fw={500}
      lineClamp={2}
      style={{ wordBreak: 'break-word' }}
      data-testid={`${testIdPrefix}-name`}
    >
      {name}
    </Text>
  );
  return (
    <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
      {icon}
      <Stack gap={2} miw={0}>
        {fullNameOnHover ? (
          <Tooltip label={name} openDelay={400}>
            {title}
          </Tooltip>
        ) : (
          title
        )}
        {remark && (
          <Text size="xs" c="dimmed" lineClamp={1} data-testid={`${testIdPrefix}-remark`}>
            {remark}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Who created a share: `admin`, or an API key by id (stored as `apikey:<id>` or bare). */
type Creator = { type: 'admin' } | { type: 'apikey'; id: string };

function parseCreator(createdBy: string): Creator {
  if (createdBy === 'admin') {
    return { type: 'admin' };
  }
  return { type: 'apikey', id: createdBy.replace(/^apikey:/, '') };
}

/** Who created a share: the admin, or an API key by name (a deleted key says so). */
export function ShareCreator({
  ns,
  createdBy,
  keyNames,
  testId,
}: {
  ns: ShareNamespace;
  createdBy: string;
  keyNames: ReadonlyMap<string, string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const creator = parseCreator(createdBy);
  const admin = creator.type === 'admin';
  const name = admin ? t('auth.administrator') : keyNames.get(creator.id);
  const Icon = admin ? IconShieldCheck : IconKey;
  const label = (
    <Group gap={6} wrap="nowrap" w="fit-content" data-testid={testId}>
      <ThemeIcon size={22} radius="xl" variant="light" color={admin ? 'indigo' : 'teal'}>
        <Icon size={13} stroke={1.8} />
      </ThemeIcon>
      <Text size="sm" maw={150} truncate="end" c={name ? undefined : 'dimmed'}>
        {name ?? t(`${ns}.deletedKey`)}
      </Text>
    </Group>
  );
  if (admin || !name) return label;
  return <Tooltip label={t(`${ns}.createdByKey`, { name })}>{label}</Tooltip>;
}

/** "3 hours ago", with the exact time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip label={formatDateTime(iso, i18n.language)}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} w="fit-content">
        {formatRelative(iso, i18n.language)}
      </Text>
    </Tooltip>
  );
}
