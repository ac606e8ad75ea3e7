/** SPEC §2: the names the offline toast gives the app's pages. */
export type OfflinePageName = 'home' | 'upload' | 'admin' | 'paste' | 'file' | 'mountExplorer';

const SECTIONS: ReadonlyArray<[prefix: string, name: OfflinePageName]> = [
  ['/upload', 'upload'],
  ['/admin', 'admin'],
  ['/paste/', 'paste'],
  ['/file/', 'file'],
  // A mounted file or folder shared by link is a file page too.
  ['/s/', 'file'],
  ['/mount-explorer', 'mountExplorer'],
];

/** The page a path shows, or null for a path that is none of them. */
export function offlinePageName(pathname: string): OfflinePageName | null {
  if (pathname === '/' || pathname === '') return 'home';
  for (const [prefix, name] of SECTIONS) {
    const exact = prefix.endsWith('/') ? false : pathname === prefix;
    const under = pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
    if (exact || under) return name;
  }
  return null;
}
