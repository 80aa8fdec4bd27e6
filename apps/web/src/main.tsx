import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { createQueryClient } from './app/queryClient';
import { startFirstScreen } from './router';

const queryClient = createQueryClient();
const firstScreenCode = startFirstScreen(queryClient, window.location.pathname);
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
