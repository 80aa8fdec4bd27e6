import type { Queue } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { ColorSwatch } from './QueueColorField';

interface QueuesTableProps {
  queues: Queue[];
  loading: boolean;
  onEdit: (queue: Queue) => void;
  onDelete: (queue: Queue) => void;
}

/** The columns: id, name, color, orderQueue, greeting, actions. */
export function QueuesTable({ queues, loading, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="queues-table">
      <TableHead>
        <TableRow>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.id')}</TableCell>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.color')}</TableCell>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.orderQueue')}</TableCell>
          <TableCell sx={WIDE_SCREEN_COLUMN}>{t('columns.greeting')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.id} hover data-testid={`queue-row-${queue.id}`}>
            <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{queue.id}</TableCell>
            <TableCell>{queue.name}</TableCell>
            <TableCell align="center">
              <Tooltip title={queue.color}>
                <Box component="span" sx={{ display: 'inline-flex' }} aria-label={queue.color} data-testid={`queue-color-${queue.id}`}>
                  <ColorSwatch color={queue.color} size={24} />
                </Box>
              </Tooltip>
            </TableCell>
            <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{queue.orderQueue ?? ''}</TableCell>
            <TableCell sx={{ ...WIDE_SCREEN_COLUMN, maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={queue.greetingMessage}>
              {queue.greetingMessage}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(queue)} data-testid={`queue-edit-${queue.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(queue)} data-testid={`queue-delete-${queue.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && queues.length === 0 && (
          <TableRow>
            <TableCell colSpan={6} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="queues-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
