import type { QuickMessageInput } from '@atende/contract';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmojiButton } from '../../../components/EmojiButton';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { AttachmentField } from '../../../components/AttachmentField';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useQuickMessage, useSaveQuickMessage } from '../api';
import {
  emptyQuickMessageForm,
  insertAtCursor,
  QUICK_MESSAGE_FORM_FIELDS,
  quickMessageFormResolver,
  quickMessageToForm,
  type QuickMessageFormValues,
} from './quickMessageForm';

interface QuickMessageDialogProps {
  open: boolean;
  /** Null adds a reply. */
  quickMessageId: number | null;
  onClose: () => void;
}

export function QuickMessageDialog({ open, quickMessageId, onClose }: QuickMessageDialogProps) {
  const { t } = useTranslation('quickMessages');
  const isEdit = quickMessageId !== null;
  const existing = useQuickMessage(open ? quickMessageId : null);
  const save = useSaveQuickMessage();
  const form = useForm<QuickMessageFormValues, unknown, QuickMessageInput>({ resolver: quickMessageFormResolver, defaultValues: emptyQuickMessageForm });
  const { control, handleSubmit, reset, setError, getValues, setValue, formState } = form;
  const messageRef = useRef<HTMLTextAreaElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);

  useFormLoad(
    open,
    isEdit ? (existing.data ? `quick-message-${existing.data.id}` : null) : 'new',
    () => (existing.data ? quickMessageToForm(existing.data) : emptyQuickMessageForm),
    (values) => {
      reset(values);
      setFile(null);
      setRemoveMedia(false);
    },
  );

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  function insertEmoji(emoji: string) {
    const input = messageRef.current;
    const { value, caret } = insertAtCursor(getValues('message'), emoji, input?.selectionStart ?? null, input?.selectionEnd ?? null);
    setValue('message', value, { shouldDirty: true });
    // The caret follows the emoji, so the next one lands after it.
    requestAnimationFrame(() => input?.setSelectionRange(caret, caret));
  }

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: quickMessageId, input, file, removeMedia },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, QUICK_MESSAGE_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  const currentMedia = removeMedia ? null : (existing.data?.mediaName ?? null);
  const attachmentName = file?.name ?? currentMedia;
  const shortcodeError = formState.errors.shortcode?.message;
  const loading = isEdit && existing.isPending;

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="quick-message"
      loading={loading}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        {...textFieldProps(form, 'shortcode', 'quick-message-shortcode')}
        label={t('dialog.shortcode')}
        autoFocus
        // Quick replies word this rule 'Obrigatório'.
        helperText={shortcodeError ? t(`validation.${shortcodeError}`, { defaultValue: validationText(shortcodeError) }) : undefined}
      />
      <Controller
        control={control}
        name="message"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={(node: HTMLTextAreaElement | null) => {
              field.ref(node);
              messageRef.current = node;
            }}
            label={t('dialog.message')}
            multiline
            minRows={5}
            fullWidth
            margin="dense"
            error={Boolean(fieldState.error)}
            helperText={validationText(fieldState.error?.message)}
            slotProps={{
              htmlInput: { 'data-testid': 'quick-message-message' },
              input: {
                endAdornment: (
                  <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1 }}>
                    <EmojiButton label={t('dialog.emoji')} testId="quick-message-emoji" edge="end" onPick={insertEmoji} />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="geral"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'quick-message-geral' } as object }} />}
            label={t('dialog.geral')}
          />
        )}
      />
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'quick-message-status' } as object }} />}
            label={t('dialog.status')}
          />
        )}
      />
      <AttachmentField
        testId="quick-message"
        name={attachmentName}
        attachLabel={t('dialog.attach')}
        removeLabel={t('dialog.removeAttachment')}
        onPick={setFile}
        onRemove={() => (file ? setFile(null) : setRemoveMedia(true))}
      />
    </FormDialog>
  );
}
