import '../styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ensureFingerprint } from '../lib/fingerprint.ts';
import { guessLocale, initI18n } from '../lib/i18n/index.ts';
import { initTheme } from './themeStore.ts';
import { createAppRouter } from './routes.tsx';

async function start(): Promise<void> {
  initTheme();
  ensureFingerprint();
  await initI18n({ locale: guessLocale() });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => console.error('Error initializing app', error));
