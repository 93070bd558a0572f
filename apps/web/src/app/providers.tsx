import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { ApiError } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { DeferredToaster } from './deferred-toaster';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status && error.status < 500) && count < 2,
      },
    },
  });
}

/**
 * App-wide providers: queries, the session (it uses the router's `navigate` to reach the
 * login page after a 401) and the Toaster (`app-toaster.tsx`), loaded when needed.
 */
export function Providers({ children, navigate }: { children: ReactNode; navigate?: (to: string) => void }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider navigate={navigate}>
        {children}
        <OfflineBanner />
        {/* Inside the session: the Toaster waits for the page to settle, the session first (lib/when-idle.ts). */}
        <DeferredToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
