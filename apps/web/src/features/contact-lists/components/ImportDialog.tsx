import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';

/** What the file picker offers: the kinds the server reads. */
const ACCEPTED = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

interface ImportDialogProps {
  open: boolean;
  busy: boolean;
  onDownloadExample: () => void;
  onClose: () => void;
  onConfirm: (file: File) => void;
}

/** The confirmation before an import: what the spreadsheet must hold, the example, then the file. */
export function ImportDialog({ open, busy, onDownloadExample, onClose, onConfirm }: ImportDialogProps) {
  const { t } = useTranslation('contactLists');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (!open) setFile(null);
  }, [open]);

  return (
    <ConfirmationDialog open={open} title={t('import.title')} busy={busy || !file} onClose={onClose} onConfirm={() => file && onConfirm(file)}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('import.text')}{' '}
        <Link component="button" type="button" onClick={onDownloadExample} data-testid="import-example-link">
          {t('import.exampleLink')}
        </Link>
      </Typography>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        hidden
        data-testid="import-file"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <Button variant="outlined" size="small" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} data-testid="import-choose">
        {t('import.choose')}
      </Button>
      {file && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="import-file-name">
          {file.name}
        </Typography>
      )}
    </ConfirmationDialog>
  );
}
