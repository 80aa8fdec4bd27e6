import type { Schedule, ScheduleStatus } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

const STATUS_COLOR: Record<ScheduleStatus, 'default' | 'success' | 'error'> = { PENDENTE: 'default', ENVIADA: 'success', ERRO: 'error' };

interface SchedulesTableProps {
  schedules: Schedule[];
  loading: boolean;
  onOpen: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

/** The company's scheduled messages, soonest first: contact, text, time, status and actions. */
export function SchedulesTable({ schedules, loading, onOpen, onDelete }: SchedulesTableProps) {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="schedules-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.contact')}</TableCell>
          <TableCell>{t('columns.body')}</TableCell>
          <TableCell align="center">{t('columns.sendAt')}</TableCell>
          <TableCell align="center">{t('columns.status')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {schedules.map((schedule) => (
          <TableRow key={schedule.id} hover data-testid={`schedule-row-${schedule.id}`}>
            <TableCell>{schedule.contact.name}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{schedule.body}</TableCell>
            <TableCell align="center">{formatDateTime(schedule.sendAt)}</TableCell>
            <TableCell align="center">
              <Chip size="small" color={STATUS_COLOR[schedule.status]} label={t(`status.${schedule.status}`)} data-testid={`schedule-status-${schedule.id}`} />
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={schedule.sentAt ? t('view') : tc('edit')}>
                <IconButton size="small" aria-label={schedule.sentAt ? t('view') : tc('edit')} onClick={() => onOpen(schedule)} data-testid={`schedule-edit-${schedule.id}`}>
                  {schedule.sentAt ? <VisibilityIcon fontSize="small" /> : <EditIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(schedule)} data-testid={`schedule-delete-${schedule.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && schedules.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="schedules-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
