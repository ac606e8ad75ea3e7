import { useMemo } from 'react';
import { toPrincipal, useAuth } from '../auth';
import { type AdminModuleDefinition, availableAdminModules } from './admin-modules';

/** The modules the signed-in user may open, in navigation order. */
export function useAdminModules(): AdminModuleDefinition[] {
  const auth = useAuth();
  return useMemo(() => availableAdminModules(toPrincipal(auth)), [auth]);
}
