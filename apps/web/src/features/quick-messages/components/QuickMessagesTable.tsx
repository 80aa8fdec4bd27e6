import type { QuickMessage } from '@atende/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

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
            <RowActionsCell
              testIdPrefix="quick-message"
              id={reply.id}
              onEdit={mayChange(reply) ? () => onEdit(reply) : undefined}
              onDelete={mayChange(reply) ? () => onDelete(reply) : undefined}
            />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && records.length === 0} colSpan={4} testId="quick-messages-empty" />
      </TableBody>
    </Table>
  );
}
