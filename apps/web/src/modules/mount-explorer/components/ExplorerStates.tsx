import { Alert, Button, Center, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconFolderOpen, IconKey, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/api-client';
import { useAuth } from '../../auth';
import { EXPLORER_ROUTE } from '../explorer.paths';
import classes from './explorer.module.css';

/** Rows of grey bars while the folder loads, shaped like the list to come. */
export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      gap={0}
      aria-busy="true"
      aria-label={t('mountExplorer.loading')}
      data-testid="explorer-loading"
    >
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className={classes.row} style={{ position: 'relative', height: 44 }}>
          <Skeleton h={16} w={16} radius="sm" />
          <Group gap={10} wrap="nowrap">
            <Skeleton h={22} w={22} radius="sm" />
            <Skeleton h={12} w={`${40 + ((index * 17) % 40)}%`} />
          </Group>
          <Skeleton h={10} w={60} visibleFrom="sm" />
          <Skeleton h={10} w={120} visibleFrom="sm" />
          <div />
        </div>
      ))}
    </Stack>
  );
}

function Placeholder({
  icon,
  title,
  children,
  testId,
}: {
  icon: React.ReactNode;
  title: string;
  children?: React.ReactNode;
  testId: string;
}) {
  return (
    <Center py={60} px="md" data-testid={testId}>
      <Stack align="center" gap="xs" maw={440} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="lg">
          {title}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}

/** An empty folder, or (at the root) no mounts at all, with what to do about it. */
export function EmptyFolder({ isRoot, readOnly }: { isRoot: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  if (isRoot) {
    const admin = auth.authType === 'admin';
    return (
      <Placeholder
        icon={<IconServerOff size={32} stroke={1.4} />}
        title={t('mountExplorer.empty.noMountsTitle')}
        testId="explorer-no-mounts"
      >
        <Text size="sm" c="dimmed">
          {admin ? t('mountExplorer.empty.noMountsAdmin') : t('mountExplorer.empty.noMountsKey')}
        </Text>
        {admin ? (
          <Button component={Link} to="/admin/mount-management" mt="xs">
            {t('mountExplorer.empty.noMountsAdminAction')}
          </Button>
        ) : (
          <Group gap={6} mt="xs">
            <IconKey size={14} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {auth.apiKeyInfo?.name}
            </Text>
          </Group>
        )}
      </Placeholder>
    );
  }
  return (
    <Placeholder
      icon={<IconFolderOpen size={32} stroke={1.4} />}
      title={t('mountExplorer.empty.folderTitle')}
      testId="explorer-empty"
    >
      <Text size="sm" c="dimmed">
        {readOnly ? t('mountExplorer.empty.folderReadOnly') : t('mountExplorer.empty.folderBody')}
      </Text>
    </Placeholder>
  );
}

/** The folder could not be listed: the error code's message, retry, and a way to the top. */
export function ListingError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py={48} px="md">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('mountExplorer.error.title')}
        maw={520}
        data-testid="explorer-error"
      >
        <Text size="sm" mb="sm">
          {error === null ? t('mountExplorer.error.invalidPath') : errorMessage(error)}
        </Text>
        <Group gap="xs">
          {error !== null && (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('mountExplorer.error.retry')}
            </Button>
          )}
          <Button size="xs" variant="subtle" component={Link} to={EXPLORER_ROUTE}>
            {t('mountExplorer.error.top')}
          </Button>
        </Group>
      </Alert>
    </Center>
  );
}
