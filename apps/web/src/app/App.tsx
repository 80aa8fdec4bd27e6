import { UI } from '@atende/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { AppRoutes } from '../router';
import { AuthProvider } from './auth';
import { createQueryClient } from './queryClient';
import { AppThemeProvider, useColorMode } from './theme';

function Toasts() {
  const { mode } = useColorMode();
  return <ToastContainer position="top-right" autoClose={UI.toastMs} theme={mode} newestOnTop pauseOnFocusLoss={false} />;
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AppThemeProvider>
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
        <Toasts />
      </QueryClientProvider>
    </AppThemeProvider>
  );
}
