import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX } from '@courier/shared/constants/limits';
import { ApiError } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';

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
 * App-wide providers. The Toaster follows part 1 §9: top-right, one visible at a time, 5000 ms,
 * 12 px gap, swipe to dismiss, pause on hover and when the window loses focus, Alt+T. The session
 * (part 1 §4) uses the router's `navigate` to reach the login page after a 401.
 */
export function Providers({ children, navigate }: { children: ReactNode; navigate?: (to: string) => void }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider navigate={navigate}>{children}</SessionProvider>
      <Toaster
        position="top-right"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        gap={TOAST_GAP_PX}
        hotkey={['altKey', 'KeyT']}
        swipeDirections={['right', 'top']}
        closeButton
        richColors
      />
    </QueryClientProvider>
  );
}
