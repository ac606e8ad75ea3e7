import { type Icon, IconHome, IconShieldLock, IconUpload } from '@tabler/icons-react';

export interface NavLinkDefinition {
  to: string;
  labelKey: 'nav.home' | 'nav.upload' | 'nav.admin';
  icon: Icon;
  /** Active only on an exact match (the home link would match every path otherwise). */
  end?: boolean;
}

/** The header's links; a new screen is one more line here. */
export const NAV_LINKS: readonly NavLinkDefinition[] = [
  { to: '/', labelKey: 'nav.home', icon: IconHome, end: true },
  { to: '/upload', labelKey: 'nav.upload', icon: IconUpload },
  { to: '/admin', labelKey: 'nav.admin', icon: IconShieldLock },
];

export const SOURCE_REPOSITORY_URL = 'https://github.com/sharebin/sharebin';

export function isNavLinkActive(link: NavLinkDefinition, pathname: string): boolean {
  if (link.end) {
    return pathname === link.to;
  }
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
