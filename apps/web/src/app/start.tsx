import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstScreen } from '../router';
import { App } from './App';
import type { FirstRequests } from './firstRequests';
import { initI18n } from './i18n';
import { createQueryClient } from './queryClient';

/** Draws the app once its first screen's code is in (see startFirstScreen). */
export function startApp(first: FirstRequests): void {
  const queryClient = createQueryClient();
  const firstScreenCode = startFirstScreen(queryClient, window.location.pathname, first);
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const root = createRoot(container);
  void firstScreenCode.then(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
