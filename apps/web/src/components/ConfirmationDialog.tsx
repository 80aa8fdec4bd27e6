import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmationDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  busy?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function ConfirmationDialog({ open, title, children, busy, onClose, onConfirm }: ConfirmationDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirmation-dialog-title" data-testid="confirm-dialog">
      <DialogTitle id="confirmation-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="confirm-cancel">
          {t('cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="error" disabled={busy} data-testid="confirm-ok">
          {t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
