import './app/zodWithoutEval';
import '@mantine/core/styles.css';
import './app/global.css';
import './i18n';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AccountRoot } from './account/AccountRoot';
import { router } from './app/router';
import { theme } from './app/theme';
import { Toaster } from './toasts/Toaster';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <RouterProvider router={router} />
      <Toaster />
      <AccountRoot />
    </MantineProvider>
  </StrictMode>,
);
