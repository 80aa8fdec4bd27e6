import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/auth';
import { KanbanBoardView } from '../../features/kanban';

/** /kanban (plan flag useKanban): the tickets of the user's queues, one lane per kanban tag. */
export default function KanbanPage() {
  const { t } = useTranslation('kanban');
  const user = useSessionUser();
  const queueIds = useMemo(() => user.queues.map((queue) => queue.id), [user.queues]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }} data-testid="kanban-page">
      <Typography variant="h6" component="h1" color="primary">
        {t('title')}
      </Typography>
      <KanbanBoardView queueIds={queueIds} />
    </Box>
  );
}
