import { contactListInput, type ContactList, type ContactListInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useSaveContactList } from '../api';

type ListFormValues = { name: string };
const resolver = zodResolver(contactListInput) as unknown as Resolver<ListFormValues, unknown, ContactListInput>;

interface ContactListDialogProps {
  open: boolean;
  /** Null adds a list. */
  list: ContactList | null;
  onClose: () => void;
}

/** Add or rename a list (name 2 to 50 characters). */
export function ContactListDialog({ open, list, onClose }: ContactListDialogProps) {
  const { t } = useTranslation('contactLists');
  const save = useSaveContactList();
  const form = useForm<ListFormValues, unknown, ContactListInput>({ resolver, defaultValues: { name: '' } });
  useFormLoad(open, list ? `list-${list.id}` : 'new', () => ({ name: list?.name ?? '' }), form.reset);

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: list?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, form.setError, ['name'])) toastError(err);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      title={list ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="contact-list"
      maxWidth="xs"
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField {...textFieldProps(form, 'name', 'contact-list-name')} label={t('dialog.name')} autoFocus />
    </FormDialog>
  );
}
