import type { Breakpoint } from '@mui/material';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './PageLoader';

interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** Test ids: `{testId}-dialog`, `{testId}-cancel`, `{testId}-save`. */
  testId: string;
  /** The record being edited is still loading: a spinner instead of the fields. */
  loading?: boolean;
  /** A save is in flight: the save button waits. */
  saving?: boolean;
  maxWidth?: Breakpoint;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}

/** The add/edit dialog frame: title, the form's fields, Cancel and Save. */
export function FormDialog({ open, title, testId, loading, saving, maxWidth = 'sm', onSubmit, onClose, children }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = `${testId}-dialog-title`;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} data-testid={`${testId}-dialog`} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent dividers>{loading ? <PageLoader /> : children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid={`${testId}-cancel`}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || saving} data-testid={`${testId}-save`}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
