import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { SessionManager } from '../components/SessionManager';
import { Toasts } from '../components/Toasts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SessionManager />
      <LoadingOverlay />
      <Toasts />
    </QueryClientProvider>
  );
}
