import { listContactInput, type ListContactInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useListContact, useSaveListContact } from '../api';

type ContactFormValues = { name: string; number: string; email: string };
type ContactFormOutput = Omit<ListContactInput, 'contactListId'>;
const FIELDS = ['name', 'number', 'email'] as const;
const resolver = zodResolver(listContactInput.omit({ contactListId: true })) as unknown as Resolver<ContactFormValues, unknown, ContactFormOutput>;
const empty: ContactFormValues = { name: '', number: '', email: '' };

interface ListContactDialogProps {
  open: boolean;
  listId: number;
  /** Null adds a contact. */
  contactId: number | null;
  onClose: () => void;
}

/** Add or edit a contact of a list: name, number (country and area code first) and email. */
export function ListContactDialog({ open, listId, contactId, onClose }: ListContactDialogProps) {
  const { t } = useTranslation('contactLists');
  const isEdit = contactId !== null;
  const existing = useListContact(open ? contactId : null);
  const save = useSaveListContact();
  const form = useForm<ContactFormValues, unknown, ContactFormOutput>({ resolver, defaultValues: empty });

  useFormLoad(
    open,
    isEdit ? (existing.data ? `list-contact-${existing.data.id}` : null) : 'new',
    () => (existing.data ? { name: existing.data.name, number: existing.data.number, email: existing.data.email } : empty),
    form.reset,
  );

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: contactId, input: { ...input, contactListId: listId } },
      {
        onSuccess: () => {
          toast.success(t('contactSaved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, form.setError, FIELDS)) toastError(err);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('contactDialog.editTitle') : t('contactDialog.addTitle')}
      testId="list-contact"
      loading={isEdit && existing.isPending}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField {...textFieldProps(form, 'name', 'list-contact-name')} label={t('contactDialog.name')} autoFocus />
      <TextField {...textFieldProps(form, 'number', 'list-contact-number')} label={t('contactDialog.number')} placeholder="5513912344321" autoComplete="off" />
      <TextField {...textFieldProps(form, 'email', 'list-contact-email')} label={t('contactDialog.email')} type="email" autoComplete="off" />
    </FormDialog>
  );
}
