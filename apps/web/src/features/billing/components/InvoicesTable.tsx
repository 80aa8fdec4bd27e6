import { invoiceDisplay, type Invoice } from '@atende/contract';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha } from '@mui/material/styles';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

interface InvoicesTableProps {
  invoices: Invoice[];
  loading: boolean;
  onPay: (invoice: Invoice) => void;
}

/** Faturas: Id, Detalhes, Valor, Data Venc., Status, Ação; overdue unpaid rows tinted, PAGAR on unpaid ones. */
export function InvoicesTable({ invoices, loading, onPay }: InvoicesTableProps) {
  const { t } = useTranslation('billing');
  const today = format(new Date(), 'yyyy-MM-dd');
  return (
    <Table size="small" stickyHeader data-testid="invoices-table">
      <TableHead>
        <TableRow>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.id')}</TableCell>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.detail')}</TableCell>
          <TableCell align="center">{t('columns.value')}</TableCell>
          <TableCell align="center">{t('columns.dueDate')}</TableCell>
          <TableCell align="center">{t('columns.status')}</TableCell>
          <TableCell align="center">{t('columns.action')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => {
          const display = invoiceDisplay(invoice, today);
          return (
            <TableRow
              key={invoice.id}
              hover
              data-testid={`invoice-row-${invoice.id}`}
              data-status={display}
              sx={display === 'overdue' ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.12) } : undefined}
            >
              <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{invoice.id}</TableCell>
              <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{invoice.detail}</TableCell>
              <TableCell align="center">{brl.format(invoice.value)}</TableCell>
              <TableCell align="center">{formatDate(invoice.dueDate)}</TableCell>
              <TableCell align="center" data-testid={`invoice-status-${invoice.id}`}>
                {t(`status.${display}`)}
              </TableCell>
              <TableCell align="center">
                {invoice.status !== 'paid' && (
                  <Button size="small" variant="contained" color="primary" onClick={() => onPay(invoice)} data-testid={`invoice-pay-${invoice.id}`}>
                    {t('pay')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
        {!loading && invoices.length === 0 && (
          <TableRow>
            <TableCell colSpan={6} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="invoices-empty">
              {t('empty')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
