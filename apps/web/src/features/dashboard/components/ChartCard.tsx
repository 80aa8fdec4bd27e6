import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ChartCardProps {
  title: ReactNode;
  /** Shown in place of the chart when its call failed (each chart has its own error message). */
  error: string | null;
  loading: boolean;
  testId: string;
  children: ReactNode;
}

export function ChartCard({ title, error, loading, testId, children }: ChartCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" color="primary" component="h2">
        {title}
      </Typography>
      {loading && <LinearProgress />}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : (
        <Box sx={{ height: 300 }}>{children}</Box>
      )}
    </Paper>
  );
}
