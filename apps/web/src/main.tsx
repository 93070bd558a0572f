// First: configures zod before any of its code runs (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './index.css';

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
