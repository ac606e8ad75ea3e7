import { hasPermission, type Principal } from '@sharebin/shared';
import { type Icon, IconFolders, IconHome, IconShieldLock, IconUpload } from '@tabler/icons-react';

export interface NavLinkDefinition {
  to: string;
  labelKey: 'nav.home' | 'nav.upload' | 'nav.mountExplorer' | 'nav.admin';
  icon: Icon;
  /** Active only on an exact match (the home link would match every path otherwise). */
  end?: boolean;
  /** Shown only to whom it can serve (never a dead link); everyone when absent. */
  visibleTo?: (principal: Principal) => boolean;
}

/** The header's links; a new screen is one more line here. */
export const NAV_LINKS: readonly NavLinkDefinition[] = [
  { to: '/', labelKey: 'nav.home', icon: IconHome, end: true },
  { to: '/upload', labelKey: 'nav.upload', icon: IconUpload },
  {
    to: '/mount-explorer',
    labelKey: 'nav.mountExplorer',
    icon: IconFolders,
    // SPEC §6: mount browsing needs the admin or a key with mount permission.
    visibleTo: (principal) => hasPermission(principal, 'mount'),
  },
  { to: '/admin', labelKey: 'nav.admin', icon: IconShieldLock },
];

export const SOURCE_REPOSITORY_URL = 'https://github.com/sharebin/sharebin';

export function isNavLinkActive(link: NavLinkDefinition, pathname: string): boolean {
  if (link.end) {
    return pathname === link.to;
  }
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}

/** The links this visitor sees. */
export function visibleNavLinks(principal: Principal): NavLinkDefinition[] {
  return NAV_LINKS.filter((link) => !link.visibleTo || link.visibleTo(principal));
}
