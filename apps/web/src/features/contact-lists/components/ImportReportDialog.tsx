import { IMPORT_MAX_ROWS, type ContactListImportReport } from '@atende/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface ImportReportDialogProps {
  report: ContactListImportReport | null;
  onClose: () => void;
}

/** After an import: how many rows came in, were merged or refused, and each refused row with its reason. */
export function ImportReportDialog({ report, onClose }: ImportReportDialogProps) {
  const { t } = useTranslation('contactLists');
  const { t: tc } = useTranslation();
  return (
    <Dialog open={report !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="import-report">
      <DialogTitle>{t('report.title')}</DialogTitle>
      <DialogContent dividers>
        {report && (
          <>
            <Typography data-testid="import-report-summary">
              {t('report.summary', { rows: report.rows, imported: report.imported, merged: report.merged, refused: report.refusedCount })}
            </Typography>
            {report.tooManyRows && (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="import-report-too-many">
                {t('report.tooManyRows', { max: IMPORT_MAX_ROWS.toLocaleString() })}
              </Typography>
            )}
            {report.refusedCount > report.refused.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('report.firstOnly', { count: report.refused.length })}
              </Typography>
            )}
            {report.refused.length > 0 && (
              <Table size="small" sx={{ mt: 1 }} data-testid="import-report-refused">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('report.row')}</TableCell>
                    <TableCell>{t('report.value')}</TableCell>
                    <TableCell>{t('report.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.refused.map((refused) => (
                    <TableRow key={refused.row} data-testid={`import-refused-${refused.row}`}>
                      <TableCell>{refused.row}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{refused.value}</TableCell>
                      <TableCell>{t(`report.reasons.${refused.reason}`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="import-report-close">
          {tc('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
