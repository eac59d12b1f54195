import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ApiError } from '../lib/api.ts';
import { buildTheme, resolveAccessibleColors } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (bad input, no access, missing) do not get better by retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const theme = useMemo(buildTheme, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolveAccessibleColors} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-left" limit={5} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
