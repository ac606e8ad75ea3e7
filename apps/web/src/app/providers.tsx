import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { AUTH_EVENTS } from '../modules/auth/auth.store';
import { AuthEventsNotifier } from './AuthEventsNotifier';
import { createQueryClient } from './query-client';
import { cssVariablesResolver } from './readable-colors';
import { colorSchemeManager, theme } from './theme';

/** Data fetched for one user must not be shown to the next: drop the cache on sign-out. */
function useClearCacheOnSignOut(queryClient: QueryClient) {
  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ isAuthenticated?: boolean }>).detail;
      if (detail?.isAuthenticated === false) {
        queryClient.clear();
      }
    };
    window.addEventListener(AUTH_EVENTS.stateChanged, onChange);
    return () => window.removeEventListener(AUTH_EVENTS.stateChanged, onChange);
  }, [queryClient]);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useClearCacheOnSignOut(queryClient);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" zIndex={1000} limit={4} />
          <AuthEventsNotifier />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
