import { createContext, useContext } from 'react';

/** Lets a page open or close the admin navigation, which the shell shows as its navbar. */
export interface ShellContextValue {
  adminNavOpened: boolean;
  toggleAdminNav: () => void;
  closeAdminNav: () => void;
}

export const ShellContext = createContext<ShellContextValue>({
  adminNavOpened: false,
  toggleAdminNav: () => undefined,
  closeAdminNav: () => undefined,
});

export function useShell(): ShellContextValue {
  return useContext(ShellContext);
}
