import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SectionTab<T extends string> {
  value: T;
  icon: Icon;
  label: string;
  testId?: string;
  /** What the tab shows; only the chosen tab's is mounted. */
  panel: ReactNode;
}

/**
 * A module page's tabs over its lists (pastes and short links; uploaded, mounted and requested
 * files). Panels are not kept mounted, so a hidden list does not fetch.
 */
export function SectionTabs<T extends string>({
  tab,
  onChange,
  tabs,
}: {
  tab: T;
  onChange: (next: string | null) => void;
  tabs: readonly SectionTab<T>[];
}) {
  return (
    <Tabs value={tab} onChange={onChange} keepMounted={false}>
      <Tabs.List mb="lg">
        {tabs.map(({ value, icon: TabIcon, label, testId }) => (
          <Tabs.Tab
            key={value}
            value={value}
            leftSection={<TabIcon size={16} />}
            data-testid={testId}
          >
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, panel }) => (
        <Tabs.Panel key={value} value={value}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
