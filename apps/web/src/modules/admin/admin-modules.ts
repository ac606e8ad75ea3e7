import { hasPermission, type Principal } from '@sharebin/shared';
import {
  type Icon,
  IconDatabase,
  IconFiles,
  IconFileText,
  IconFolders,
  IconGauge,
  IconKey,
  IconSettings,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withTextPart } from '../../i18n';

export type AdminModuleId =
  | 'dashboard'
  | 'text-management'
  | 'file-management'
  | 'storage-config'
  | 'mount-management'
  | 'key-management'
  | 'settings';

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
 * user may open is where /admin leads: the dashboard for the admin (SPEC §9 default module),
 * a key's first permitted module otherwise.
 */
export const ADMIN_MODULES: readonly AdminModuleDefinition[] = [
  {
    id: 'dashboard',
    icon: IconGauge,
    // The stats are admin-only (SPEC §6).
    isAllowed: adminOnly,
    // Its card of recent uploads through requests reads the texts of those requests.
    page: lazy(() => withTextPart(import('../dashboard/pages/DashboardPage'), 'uploadRequests')),
  },
  {
    id: 'text-management',
    icon: IconFileText,
    // The admin manages every paste, a key with text permission its own.
    isAllowed: (principal) => hasPermission(principal, 'text'),
    // Its tab of short links reads the texts of those links.
    page: lazy(() => withTextPart(import('../pastes/pages/TextManagementPage'), 'links')),
  },
  {
    id: 'file-management',
    icon: IconFiles,
    // The admin manages every file share, a key with file permission its own.
    isAllowed: (principal) => hasPermission(principal, 'file'),
    // Its tabs of links to mounted paths and of upload requests read the texts of those.
    page: lazy(() =>
      withTextPart(
        withTextPart(import('../files/pages/FileManagementPage'), 'fsShares'),
        'uploadRequests',
      ),
    ),
  },
  {
    id: 'storage-config',
    icon: IconDatabase,
    isAllowed: adminOnly,
    page: lazy(() => import('../storage/pages/StorageConfigPage')),
  },
  {
    id: 'mount-management',
    icon: IconFolders,
    // Keys never create, change or delete mounts (SPEC §6), whatever their permissions.
    isAllowed: adminOnly,
    page: lazy(() => import('../mounts/pages/MountManagementPage')),
  },
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
