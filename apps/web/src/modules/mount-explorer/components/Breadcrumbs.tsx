import { Anchor, Breadcrumbs as MantineBreadcrumbs, ScrollArea, Text } from '@mantine/core';
import { IconServer2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { breadcrumbs } from '../explorer.paths';
import { type DropTargetHandlers, dropTargetProps, type HoveredDrop } from '../use-entry-drag';
import classes from './explorer.module.css';

/**
 * The folders from the root down to `path`; every one but the last can be clicked, except the
 * folders above `basePath` (a key's): those are shown as the way down, not as links.
 */
export function Breadcrumbs({
  path,
  onNavigate,
  hrefOf,
  basePath,
  drop,
}: {
  path: string;
  onNavigate: (path: string) => void;
  /** Real links in the page (open in a new tab works); buttons in dialogs. */
  hrefOf?: (path: string) => string;
  basePath?: string;
  /** The folders take dragged entries (in the page; not in dialogs). */
  drop?: { target: DropTargetHandlers; hovered: HoveredDrop | null };
}) {
  const { t } = useTranslation();
  const crumbs = breadcrumbs(path, basePath);
  const dropProps = (at: string) =>
    drop && {
      ...dropTargetProps(drop.target, at),
      className: classes.crumbTarget,
      'data-drop': drop.hovered?.path === at ? drop.hovered.hint : undefined,
    };
  return (
    <ScrollArea type="never" className={classes.breadcrumbs}>
      <MantineBreadcrumbs
        separatorMargin={6}
        component="nav"
        aria-label={t('mountExplorer.breadcrumbs')}
        style={{ flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
        data-testid="breadcrumbs"
      >
        {crumbs.map((crumb, index) => {
          const label =
            crumb.path === '/' ? (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <IconServer2 size={14} />
                {t('mountExplorer.root')}
              </span>
            ) : (
              crumb.name
            );
          if (index === crumbs.length - 1) {
            return (
              <Text
                key={crumb.path}
                size="sm"
                fw={600}
                aria-current="page"
                {...dropProps(crumb.path)}
              >
                {label}
              </Text>
            );
          }
          if (!crumb.reachable) {
            return (
              <Text key={crumb.path} size="sm" c="dimmed" data-testid="crumb-above-base">
                {label}
              </Text>
            );
          }
          return (
            <Anchor
              key={crumb.path}
              size="sm"
              href={hrefOf?.(crumb.path)}
              component={hrefOf ? 'a' : 'button'}
              onClick={(event: React.MouseEvent) => {
                if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                event.preventDefault();
                onNavigate(crumb.path);
              }}
              {...dropProps(crumb.path)}
            >
              {label}
            </Anchor>
          );
        })}
      </MantineBreadcrumbs>
    </ScrollArea>
  );
}
