import type { Contact, ContactInput } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useContact, useSaveContact } from '../api';
import { CONTACT_FORM_FIELDS, contactFormResolver, contactToForm, emptyContactForm, type ContactFormValues } from './contactForm';

export interface ContactDialogProps {
  open: boolean;
  /** Edit this contact; absent creates a new one. */
  contactId?: number | null;
  /** Prefill of a new contact (e.g. the name or number typed in a search). */
  initialValues?: { name?: string; number?: string; email?: string };
  onClose: () => void;
  /** Called with the saved contact after the success toast. */
  onSaved?: (contact: Contact) => void;
}

/** Add or edit a contact: name, number, email and extra info. */
export function ContactDialog({ open, contactId = null, initialValues, onClose, onSaved }: ContactDialogProps) {
  const { t } = useTranslation('contacts');
  const isEdit = contactId !== null;
  const existing = useContact(open ? contactId : null);
  const save = useSaveContact();

  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: contactFormResolver,
    defaultValues: emptyContactForm(initialValues),
  });
  const { control, handleSubmit, reset, setError } = form;
  const extraInfo = useFieldArray({ control, name: 'extraInfo' });

  const { name: initialName, number: initialNumber, email: initialEmail } = initialValues ?? {};
  useFormLoad(
    open,
    isEdit ? (existing.data ? `contact-${existing.data.id}` : null) : 'new',
    () => (existing.data ? contactToForm(existing.data) : emptyContactForm({ name: initialName, number: initialNumber, email: initialEmail })),
    reset,
  );

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: contactId, input },
      {
        onSuccess: (contact) => {
          toast.success(t('saved'));
          onSaved?.(contact);
          onClose();
        },
        // ERR_DUPLICATED_CONTACT and the like are toasts; an invalid number goes under the field.
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, CONTACT_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  const loading = isEdit && existing.isPending;

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="contact"
      loading={loading}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField {...textFieldProps(form, 'name', 'contact-name')} label={t('dialog.name')} autoFocus />
        <TextField
          {...textFieldProps(form, 'number', 'contact-number')}
          label={t('dialog.number')}
          placeholder="5513912344321"
          autoComplete="off"
        />
      </Box>
      <TextField {...textFieldProps(form, 'email', 'contact-email')} label={t('dialog.email')} type="email" autoComplete="off" />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('dialog.extraInfo')}
      </Typography>
      {extraInfo.fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid={`contact-extra-${index}`}>
          <TextField {...textFieldProps(form, `extraInfo.${index}.name`, `contact-extra-name-${index}`)} label={t('dialog.extraName')} />
          <TextField {...textFieldProps(form, `extraInfo.${index}.value`, `contact-extra-value-${index}`)} label={t('dialog.extraValue')} />
          <IconButton
            sx={{ mt: 2 }}
            aria-label={t('dialog.removeExtra')}
            onClick={() => extraInfo.remove(index)}
            data-testid={`contact-extra-remove-${index}`}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        size="small"
        sx={{ mt: 1 }}
        onClick={() => extraInfo.append({ name: '', value: '' })}
        data-testid="contact-extra-add"
      >
        {t('dialog.addExtra')}
      </Button>
    </FormDialog>
  );
}
