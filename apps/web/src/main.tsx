import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { applyInitialTheme } from './ui/theme.ts';
import './ui/theme.css';

const container = document.getElementById('root');
if (container === null) throw new Error('Missing #root element in index.html');

applyInitialTheme();
const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
