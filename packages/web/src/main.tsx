import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { Shell } from './app/shell.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The admin page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <Shell />
    </Providers>
  </StrictMode>,
);
