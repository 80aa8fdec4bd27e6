import { can } from '@atende/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../../app/auth';
import { PageLoader } from '../../../components/PageLoader';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useQueueOptions } from '../../queues';
import { useConnectionOptions, useSaveUser, useUser } from '../api';
import { UserAdminFields } from './UserAdminFields';
import { emptyUserForm, USER_FORM_FIELDS, userFormResolver, userToForm, type UserFormValues, type UserPayload } from './userForm';

export interface UserDialogProps {
  open: boolean;
  /** Null to add a user; the current user's id for the profile dialog. */
  userId: number | null;
  onClose: () => void;
}

export default function UserDialog({ open, userId, onClose }: UserDialogProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { user: me, updateUser } = useAuth();
  const isEdit = userId !== null;
  const editProfile = can(me, 'user-modal:editProfile');
  const editQueues = can(me, 'user-modal:editQueues');

  const existing = useUser(open ? userId : null);
  const queues = useQueueOptions(open && editQueues);
  const connections = useConnectionOptions(open && editProfile);
  const save = useSaveUser();

  const form = useForm<UserFormValues, unknown, UserPayload>({
    resolver: userFormResolver(isEdit),
    defaultValues: emptyUserForm,
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  const { errors } = formState;

  useFormLoad(open, isEdit ? (existing.data ? `user-${existing.data.id}` : null) : 'new', () => (existing.data ? userToForm(existing.data) : emptyUserForm), reset);

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: userId, input },
      {
        onSuccess: (saved) => {
          toast.success(t('saved'));
          if (saved && me && saved.id === me.id) updateUser({ name: saved.name, email: saved.email });
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, USER_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  const loading = isEdit && existing.isPending;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="user-dialog" aria-labelledby="user-dialog-title">
      <DialogTitle id="user-dialog-title">{isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent dividers>
          {loading ? (
            <PageLoader />
          ) : (
            <>
              <TextField {...textFieldProps(form, 'name', 'user-name')} label={t('dialog.name')} autoFocus />
              <TextField {...textFieldProps(form, 'email', 'user-email')} label={t('dialog.email')} type="email" autoComplete="off" />
              <TextField
                {...textFieldProps(form, 'password', 'user-password')}
                label={t('dialog.password')}
                type="password"
                autoComplete="new-password"
                helperText={validationText(errors.password?.message) ?? (isEdit ? t('dialog.passwordKeep') : t('dialog.passwordHint'))}
              />
              <UserAdminFields
                control={control}
                editProfile={editProfile}
                editQueues={editQueues}
                queues={queues.data ?? []}
                connections={connections.data ?? []}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="user-cancel">
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || save.isPending} data-testid="user-save">
            {tc('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
