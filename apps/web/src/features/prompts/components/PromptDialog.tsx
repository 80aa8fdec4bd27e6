import { PROMPT_VOICES } from '@atende/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Grid from '@mui/material/Grid';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { OptionalIdSelect } from '../../../components/OptionalIdSelect';
import { ApiError } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useQueueOptions } from '../../queues';
import { usePrompt, useSavePrompt } from '../api';
import { emptyPromptForm, PROMPT_FORM_FIELDS, promptFormResolver, promptToForm, type PromptFormValues, type PromptPayload } from './promptForm';

interface PromptDialogProps {
  open: boolean;
  /** Null adds a prompt. */
  promptId: number | null;
  onClose: () => void;
}

export function PromptDialog({ open, promptId, onClose }: PromptDialogProps) {
  const { t } = useTranslation('prompts');
  const isEdit = promptId !== null;
  const existing = usePrompt(open ? promptId : null);
  const queues = useQueueOptions(open);
  const save = useSavePrompt();
  const form = useForm<PromptFormValues, unknown, PromptPayload>({ resolver: promptFormResolver, defaultValues: emptyPromptForm });
  const { control, handleSubmit, reset, setError, formState } = form;

  useFormLoad(open, isEdit ? (existing.data ? `prompt-${existing.data.id}` : null) : 'new', () => (existing.data ? promptToForm(existing.data) : emptyPromptForm), reset);

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: promptId, input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'ERR_PROMPT_QUEUE_REQUIRED') {
            setError('queueId', { type: 'server', message: 'required' });
            return;
          }
          if (!applyServerFieldErrors(err, setError, PROMPT_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  const queueError = formState.errors.queueId?.message;
  const keyHint = existing.data?.hasApiKey ? t('dialog.apiKeyKeep', { hint: existing.data.apiKey }) : undefined;

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="prompt"
      loading={isEdit && existing.isPending}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      maxWidth="md"
    >
      <TextField {...textFieldProps(form, 'name', 'prompt-name')} label={t('dialog.name')} autoFocus />
      <TextField
        {...textFieldProps(form, 'apiKey', 'prompt-api-key')}
        label={t('dialog.apiKey')}
        type="password"
        autoComplete="new-password"
        helperText={textFieldProps(form, 'apiKey', 'prompt-api-key').helperText ?? keyHint}
      />
      <TextField {...textFieldProps(form, 'prompt', 'prompt-text')} label={t('dialog.prompt')} multiline minRows={5} helperText={textFieldProps(form, 'prompt', 'prompt-text').helperText ?? t('dialog.promptHelp')} />
      <OptionalIdSelect
        control={control}
        name="queueId"
        label={t('dialog.queue')}
        noneLabel=""
        options={queues.data ?? []}
        testId="prompt-queue"
        error={queueError ? t('dialog.queueRequired') : undefined}
      />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...textFieldProps(form, 'maxMessages', 'prompt-max-messages')} label={t('dialog.maxMessages')} type="number" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="voice"
            render={({ field }) => (
              <TextField select fullWidth margin="dense" label={t('dialog.voice')} {...field} slotProps={{ htmlInput: { 'data-testid': 'prompt-voice' } }}>
                {PROMPT_VOICES.map((voice) => (
                  <MenuItem key={voice} value={voice}>
                    {t(`voices.${voice}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...textFieldProps(form, 'voiceKey', 'prompt-voice-key')} label={t('dialog.voiceKey')} type="password" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...textFieldProps(form, 'voiceRegion', 'prompt-voice-region')} label={t('dialog.voiceRegion')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...textFieldProps(form, 'temperature', 'prompt-temperature')} label={t('dialog.temperature')} type="number" slotProps={{ htmlInput: { 'data-testid': 'prompt-temperature', step: 0.1, min: 0, max: 2 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...textFieldProps(form, 'maxTokens', 'prompt-max-tokens')} label={t('dialog.maxTokens')} type="number" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...textFieldProps(form, 'model', 'prompt-model')} label={t('dialog.model')} helperText={textFieldProps(form, 'model', 'prompt-model').helperText ?? t('dialog.modelHelp')} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
