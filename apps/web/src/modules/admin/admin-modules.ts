import type { Principal } from '@sharebin/shared';
import { type Icon, IconKey, IconSettings } from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type AdminModuleId = 'key-management' | 'settings';

export interface AdminModuleDefinition {
  id: AdminModuleId;
  icon: Icon;
  /** Who may open the module (SPEC §6). */
  isAllowed: (principal: Principal) => boolean;
  page: LazyExoticComponent<ComponentType>;
}

const adminOnly = (principal: Principal) => principal.type === 'admin';

/**
 * The admin console's modules in navigation order; each loads on demand. The first one the
 * user may open is where /admin leads (the dashboard, SPEC's default, comes later).
 */
export const ADMIN_MODULES: readonly AdminModuleDefinition[] = [
  {
    id: 'key-management',
    icon: IconKey,
    isAllowed: adminOnly,
    page: lazy(() => import('../api-keys/pages/KeyManagementPage')),
  },
  {
    id: 'settings',
    icon: IconSettings,
    isAllowed: adminOnly,
    page: lazy(() => import('../settings/pages/SettingsPage')),
  },
];

export function availableAdminModules(principal: Principal): AdminModuleDefinition[] {
  return ADMIN_MODULES.filter((module) => module.isAllowed(principal));
}
