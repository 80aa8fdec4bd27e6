import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  labels: { crashed: string; retry: string };
  /** Changing it (e.g. the path) clears a previous failure. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  resetKey?: string;
}

/** Keeps one broken page (or a chunk that failed to load) from blanking the whole app. */
class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { labels, children } = this.props;
    if (!this.state.failed) return children;
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {labels.retry}
            </Button>
          }
        >
          {labels.crashed}
        </Alert>
      </Box>
    );
  }
}

export function ErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  const { t } = useTranslation();
  return (
    <PageErrorBoundary resetKey={resetKey} labels={{ crashed: t('pageCrashed'), retry: t('retry') }}>
      {children}
    </PageErrorBoundary>
  );
}
