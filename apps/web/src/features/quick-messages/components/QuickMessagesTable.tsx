import type { QuickMessage } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface QuickMessagesTableProps {
  records: QuickMessage[];
  loading: boolean;
  /** Whether the current user may change this reply (its author, or an admin). */
  mayChange: (reply: QuickMessage) => boolean;
  onEdit: (reply: QuickMessage) => void;
  onDelete: (reply: QuickMessage) => void;
}

export function QuickMessagesTable({ records, loading, mayChange, onEdit, onDelete }: QuickMessagesTableProps) {
  const { t } = useTranslation('quickMessages');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="quick-messages-table">
      <TableHead>
        <TableRow>
          <TableCell align="center">{t('columns.shortcode')}</TableCell>
          <TableCell>{t('columns.message')}</TableCell>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.attachment')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((reply) => (
          <TableRow key={reply.id} hover data-testid={`quick-message-row-${reply.id}`}>
            <TableCell align="center" sx={{ color: reply.status ? undefined : 'text.disabled' }}>
              {reply.shortcode}
              {!reply.status && (
                <Typography variant="caption" component="div" color="text.secondary" data-testid={`quick-message-inactive-${reply.id}`}>
                  {t('inactive')}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ maxWidth: { xs: 160, sm: 420 } }}>
              <Typography variant="body2" noWrap title={reply.message} data-testid={`quick-message-text-${reply.id}`}>
                {reply.message}
              </Typography>
            </TableCell>
            <TableCell align="center" sx={{ ...WIDE_SCREEN_COLUMN, color: reply.mediaName ? undefined : 'text.secondary' }}>
              {reply.mediaName ?? t('noAttachment')}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              {mayChange(reply) && (
                <>
                  <Tooltip title={tc('edit')}>
                    <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(reply)} data-testid={`quick-message-edit-${reply.id}`}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={tc('delete')}>
                    <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(reply)} data-testid={`quick-message-delete-${reply.id}`}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
        {!loading && records.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="quick-messages-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
