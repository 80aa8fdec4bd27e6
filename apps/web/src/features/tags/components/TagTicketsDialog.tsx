import type { Tag } from '@atende/contract';
import FileDownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteRows } from '../../../components/useInfiniteRows';
import { toastError } from '../../../lib/errors';
import { allTagTickets, useTagTickets } from '../api';
import { downloadTagTickets, formatDateTime } from '../exportTagTickets';
import { plainText } from '../../../lib/whatsappText';

const COLUMNS = ['id', 'status', 'contact', 'tags', 'lastMessage', 'unreadMessages', 'createdAt', 'updatedAt'] as const;

/** The tickets carrying a tag, with a spreadsheet export of all of them. */
export function TagTicketsDialog({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const { t: tc } = useTranslation();
  const list = useTagTickets(tag.id);
  const [exporting, setExporting] = useState(false);
  const { rows: tickets, onScroll } = useInfiniteRows(list, (page) => page.tickets);

  async function exportAll() {
    setExporting(true);
    try {
      await downloadTagTickets(tag.name, await allTagTickets(tag.id));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" data-testid="tag-tickets-dialog" aria-labelledby="tag-tickets-title">
      <DialogTitle id="tag-tickets-title">{t('ticketsOf', { name: tag.name })}</DialogTitle>
      {(list.isFetching || exporting) && <LinearProgress />}
      <DialogContent dividers onScroll={onScroll} sx={{ p: 0 }}>
        <Table size="small" stickyHeader data-testid="tag-tickets-table">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{t(`tickets.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {tickets.map((ticket) => (
              <TableRow key={ticket.id} data-testid={`tag-ticket-${ticket.id}`}>
                <TableCell>{ticket.id}</TableCell>
                <TableCell>{t(`status.${ticket.status}`)}</TableCell>
                <TableCell>{ticket.contact.name}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {ticket.tags.map((item) => (
                      <Chip key={item.id} size="small" label={item.name} sx={{ bgcolor: item.color, color: 'common.white' }} />
                    ))}
                  </Box>
                </TableCell>
                <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{plainText(ticket.lastMessage)}</TableCell>
                <TableCell align="center">{ticket.unreadMessages}</TableCell>
                <TableCell>{formatDateTime(ticket.createdAt)}</TableCell>
                <TableCell>{formatDateTime(ticket.updatedAt)}</TableCell>
              </TableRow>
            ))}
            {!list.isPending && tickets.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                  {tc('noRecords')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<FileDownloadIcon />} onClick={() => void exportAll()} disabled={exporting || tickets.length === 0} data-testid="tag-tickets-export">
          {t('exportXlsx')}
        </Button>
        <Button onClick={onClose} color="inherit" data-testid="tag-tickets-close">
          {tc('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
