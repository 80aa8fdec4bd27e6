import type { ContactListItem, Schedule } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PageLoader } from '../../../components/PageLoader';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { ApiError } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { AttachmentField } from '../../../components/AttachmentField';
import { applyServerFieldErrors, validationText } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useContactSearch } from '../../tickets';
import { useSaveSchedule, useSchedule, useSchedulesLive } from '../api';
import {
  emptyScheduleForm,
  scheduleFormResolver,
  scheduleToForm,
  toScheduleInput,
  type ScheduleFormOutput,
  type ScheduleFormValues,
} from './scheduleForm';

export interface ScheduleDialogProps {
  open: boolean;
  /** Null schedules a new message. */
  scheduleId: number | null;
  /** The contact a new schedule starts with (the open ticket's). */
  contact?: ContactListItem | null;
  /** The ticket the dialog was opened from: the message goes into it while the contact is its. */
  ticket?: { id: number; contactId: number } | null;
  onClose: () => void;
  onSaved?: (schedule: Schedule) => void;
}

/** The title follows the schedule's state ('Erro de Envio' for ERRO). */
function titleKey(schedule: Schedule | undefined, isEdit: boolean): string {
  if (!isEdit) return 'dialog.addTitle';
  if (!schedule) return 'dialog.editTitle';
  if (schedule.status === 'ERRO') return 'dialog.errorTitle';
  if (schedule.sentAt) return 'dialog.sentTitle';
  return 'dialog.editTitle';
}

/**
 * Schedules a message: contact (the ticket's by default), text of 5
 * characters or more, the time (one hour ahead by default) and an optional attachment. Once the
 * message went out the dialog only shows it: save is hidden.
 */
export function ScheduleDialog({ open, scheduleId, contact = null, ticket = null, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation();
  const isEdit = scheduleId !== null;
  const existing = useSchedule(open ? scheduleId : null);
  const save = useSaveSchedule();
  const form = useForm<ScheduleFormValues, unknown, ScheduleFormOutput>({ resolver: scheduleFormResolver, defaultValues: emptyScheduleForm(contact) });
  const { control, handleSubmit, reset, setError, register, formState } = form;
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const contacts = useContactSearch(search);
  // A schedule sent or failed while the dialog is open shows its new state.
  useSchedulesLive();

  useFormLoad(
    open,
    isEdit ? (existing.data ? `schedule-${existing.data.id}` : null) : 'new',
    () => (existing.data ? scheduleToForm(existing.data) : emptyScheduleForm(contact)),
    (values) => {
      reset(values);
      setFile(null);
      setRemoveMedia(false);
    },
  );

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const schedule = existing.data;
  const sent = Boolean(schedule?.sentAt);

  const onSubmit = handleSubmit((output) => {
    save.mutate(
      { id: scheduleId, input: toScheduleInput(output, ticket ?? (schedule?.ticketId ? { id: schedule.ticketId, contactId: schedule.contactId } : null)), file, removeMedia },
      {
        onSuccess: (saved) => {
          toast.success(t('saved'));
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => {
          const contactError = err instanceof ApiError && err.code === 'ERR_VALIDATION' ? err.fields.contactId : undefined;
          if (contactError) setError('contact', { type: 'server', message: contactError });
          if (!applyServerFieldErrors(err, setError, ['body', 'sendAt']) && !contactError) toastError(err);
        },
      },
    );
  });

  // Schedules word these two rules 'Mensagem muito curta' and 'Obrigatório'.
  const message = (key: string | undefined) => (key ? t(`validation.${key}`, { defaultValue: validationText(key) }) : undefined);
  const currentMedia = removeMedia ? null : (schedule?.mediaName ?? null);
  const attachmentName = file?.name ?? currentMedia;
  const loading = isEdit && existing.isPending;
  const options = search.length >= 3 && contacts.data ? contacts.data : [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="schedule-dialog" aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title" data-testid="schedule-dialog-title">
        {t(titleKey(schedule, isEdit))}
      </DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent dividers>
          {loading ? (
            <PageLoader />
          ) : (
            <>
              {schedule?.status === 'ERRO' && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {t('dialog.errorText')}
                </Alert>
              )}
              <Controller
                control={control}
                name="contact"
                render={({ field, fieldState }) => (
                  <Autocomplete<ContactListItem>
                    options={options}
                    value={field.value}
                    disabled={sent}
                    loading={contacts.isFetching}
                    filterOptions={(all) => all}
                    getOptionLabel={(option) => `${option.name} - ${option.number}`}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    noOptionsText={search.length >= 3 ? t('dialog.noContacts') : t('dialog.typeMore')}
                    onInputChange={(_e, value, reason) => reason === 'input' && setTyped(value)}
                    onChange={(_e, value) => field.onChange(value)}
                    renderOption={({ key, ...props }, option) => (
                      <li key={key} {...props} data-testid={`schedule-contact-${option.id}`}>
                        {`${option.name} - ${option.number}`}
                      </li>
                    )}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        margin="dense"
                        label={t('dialog.contact')}
                        error={Boolean(fieldState.error)}
                        helperText={message(fieldState.error?.message)}
                        slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'schedule-contact' } }}
                      />
                    )}
                  />
                )}
              />
              <TextField
                {...register('body')}
                label={t('dialog.body')}
                multiline
                minRows={4}
                fullWidth
                margin="dense"
                autoFocus
                disabled={sent}
                error={Boolean(formState.errors.body)}
                helperText={message(formState.errors.body?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'schedule-body' } }}
              />
              <TextField
                {...register('sendAt')}
                type="datetime-local"
                label={t('dialog.sendAt')}
                fullWidth
                margin="dense"
                disabled={sent}
                error={Boolean(formState.errors.sendAt)}
                helperText={message(formState.errors.sendAt?.message)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-send-at' } }}
              />
              <AttachmentField
                testId="schedule"
                name={attachmentName}
                attachLabel={t('dialog.attach')}
                removeLabel={t('dialog.removeAttachment')}
                readOnly={sent}
                onPick={setFile}
                onRemove={() => (file ? setFile(null) : setRemoveMedia(true))}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="schedule-cancel">
            {sent ? tc('close') : tc('cancel')}
          </Button>
          {!sent && (
            <Button type="submit" variant="contained" disabled={loading || save.isPending} data-testid="schedule-save">
              {tc('save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
