import '../styles.css';
import './app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ensureFingerprint } from '../lib/fingerprint.ts';
import { prepareNumberFormat } from '../lib/format.ts';
import { guessLocale, initI18n } from '../lib/i18n/index.ts';
import { handOffFirstView } from './firstViewHandoff.ts';
import { initTheme } from './themeStore.ts';
import { createAppRouter } from './routes.tsx';

async function start(): Promise<void> {
  initTheme();
  ensureFingerprint();
  // Created before the messages arrive: the router starts loading the page's chunk while they download.
  const router = createAppRouter();
  const locale = guessLocale();
  const messages = initI18n({ locale });
  setTimeout(() => prepareNumberFormat(locale));
  await messages;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  handOffFirstView(root);
  // A transition, so React renders the first page in slices that yield to input instead of one long task: the
  // server's first view is on screen meanwhile (firstViewHandoff.ts).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

// In the task after the modules' evaluation: what start() sets going (the router, the page's chunk, the first
// requests) would otherwise add to that task.
setTimeout(() => start().catch((error: unknown) => console.error('Error initializing app', error)));
