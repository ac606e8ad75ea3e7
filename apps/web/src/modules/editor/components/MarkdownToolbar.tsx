import { ActionIcon, Divider, Group, Menu, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconBold,
  IconCode,
  IconH1,
  IconH2,
  IconH3,
  IconHeading,
  IconItalic,
  IconLink,
  IconList,
  IconListCheck,
  IconListNumbers,
  IconMathFunction,
  IconPhoto,
  IconQuote,
  IconSeparatorHorizontal,
  IconSitemap,
  IconSourceCode,
  IconStrikethrough,
  IconTable,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkdownAction } from '../editor.commands';

type ToolbarItem = { action: MarkdownAction; icon: Icon; shortcut?: string } | 'heading';

/** The buttons in groups; a divider between groups. */
const GROUPS: readonly (readonly ToolbarItem[])[] = [
  [
    { action: 'bold', icon: IconBold, shortcut: 'Mod+B' },
    { action: 'italic', icon: IconItalic, shortcut: 'Mod+I' },
    { action: 'strikethrough', icon: IconStrikethrough },
    'heading',
  ],
  [
    { action: 'quote', icon: IconQuote },
    { action: 'code', icon: IconCode, shortcut: 'Mod+E' },
    { action: 'codeBlock', icon: IconSourceCode },
    { action: 'link', icon: IconLink, shortcut: 'Mod+K' },
    { action: 'image', icon: IconPhoto },
  ],
  [
    { action: 'bulletList', icon: IconList },
    { action: 'orderedList', icon: IconListNumbers },
    { action: 'taskList', icon: IconListCheck },
  ],
  [
    { action: 'table', icon: IconTable },
    { action: 'math', icon: IconMathFunction },
    { action: 'mermaid', icon: IconSitemap },
    { action: 'horizontalRule', icon: IconSeparatorHorizontal },
  ],
];

const HEADINGS = [
  { action: 'heading1', icon: IconH1 },
  { action: 'heading2', icon: IconH2 },
  { action: 'heading3', icon: IconH3 },
] as const;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const shortcutText = (shortcut: string) => shortcut.replace('Mod', isMac ? '⌘' : 'Ctrl');

/** Common Markdown formatting for the selection. */
export function MarkdownToolbar({ onAction }: { onAction: (action: MarkdownAction) => void }) {
  const { t } = useTranslation();
  // Buttons keep the editor's focus and selection: the action applies to what is selected.
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();
  return (
    <Group
      gap={2}
      px="xs"
      py={6}
      role="toolbar"
      aria-label={t('editor.toolbar.label')}
      data-testid="markdown-toolbar"
    >
      {GROUPS.map((group, index) => (
        <Fragment key={group.map((item) => (item === 'heading' ? item : item.action)).join()}>
          {index > 0 && <Divider orientation="vertical" mx={4} my={4} />}
          {group.map((item) =>
            item === 'heading' ? (
              <Menu key="heading" position="bottom-start" shadow="md" withinPortal>
                <Menu.Target>
                  <Tooltip label={t('editor.toolbar.heading')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="md"
                      aria-label={t('editor.toolbar.heading')}
                      onMouseDown={keepFocus}
                    >
                      <IconHeading size={18} stroke={1.7} />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  {HEADINGS.map((heading) => (
                    <Menu.Item
                      key={heading.action}
                      leftSection={<heading.icon size={16} stroke={1.7} />}
                      onClick={() => onAction(heading.action)}
                    >
                      {t(`editor.toolbar.${heading.action}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Tooltip
                key={item.action}
                label={
                  item.shortcut
                    ? `${t(`editor.toolbar.${item.action}`)} (${shortcutText(item.shortcut)})`
                    : t(`editor.toolbar.${item.action}`)
                }
              >
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-label={t(`editor.toolbar.${item.action}`)}
                  onMouseDown={keepFocus}
                  onClick={() => onAction(item.action)}
                  data-action={item.action}
                >
                  <item.icon size={18} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            ),
          )}
        </Fragment>
      ))}
    </Group>
  );
}
