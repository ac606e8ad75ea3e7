import type { Principal } from '@sharebin/shared';

/** One thing a key may do, as its account page words it. */
export type KeyCapability = 'text' | 'file' | 'mount' | 'mountReadOnly';

/** What an API key may do (SPEC §6), in the order its permissions are listed; [] for none. */
export function keyCapabilities(principal: Principal): KeyCapability[] {
  if (principal.type !== 'apikey') return [];
  const { permissions } = principal;
  const capabilities: KeyCapability[] = [];
  if (permissions.text) capabilities.push('text');
  if (permissions.file) capabilities.push('file');
  if (permissions.mount) capabilities.push(principal.mountReadOnly ? 'mountReadOnly' : 'mount');
  return capabilities;
}
