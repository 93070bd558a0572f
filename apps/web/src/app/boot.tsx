import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createRouter } from './router';

/** Renders the app into #root (main.tsx loads this module once the page's own chunks are on their way). */
export function boot(): void {
  const router = createRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root');
  createRoot(root).render(
    <StrictMode>
      <Providers navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
