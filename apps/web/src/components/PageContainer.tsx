import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode, UIEventHandler } from 'react';

interface PageContainerProps {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** The scrolling content pane; infinite lists listen here. */
  onScroll?: UIEventHandler<HTMLDivElement>;
  testId?: string;
}

/** The frame every page shares: a title row with actions, then a scrolling paper. */
export function PageContainer({ title, actions, children, onScroll, testId }: PageContainerProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h1" color="primary" sx={{ flex: 1, minWidth: 160 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {children}
      </Paper>
    </Box>
  );
}
