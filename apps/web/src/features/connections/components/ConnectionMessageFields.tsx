import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '../../../lib/forms';
import type { ConnectionFormValues, ConnectionPayload } from './connectionForm';

type MessageField = 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' | 'ratingMessage';

const MESSAGES: MessageField[] = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage'];

/** The texts the connection sends by itself: greeting, completion, out of hours, rating request. */
export function ConnectionMessageFields({ form }: { form: UseFormReturn<ConnectionFormValues, unknown, ConnectionPayload> }) {
  const { t } = useTranslation('connections');
  return (
    <>
      {MESSAGES.map((field) => (
        <TextField key={field} {...textFieldProps(form, field, `connection-${field}`)} label={t(`dialog.${field}`)} multiline minRows={2} maxRows={6} />
      ))}
    </>
  );
}
