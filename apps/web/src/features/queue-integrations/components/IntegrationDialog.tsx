import { INTEGRATION_LANGUAGES, INTEGRATION_SIGNATURE_HEADER, INTEGRATION_TYPES } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { errorMessage, toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useIntegration, useSaveIntegration, useTestDialogflowSession } from '../api';
import { emptyIntegrationForm, INTEGRATION_FORM_FIELDS, integrationFormResolver, integrationToForm, type IntegrationFormValues, type IntegrationPayload } from './integrationForm';

interface Props {
  /** Null adds an integration. */
  integrationId: number | null;
  onClose: () => void;
}

const ANSWER_EXAMPLE = '{ "reply": "Olá!", "transferQueueId": 3, "close": false }';

export function IntegrationDialog({ integrationId, onClose }: Props) {
  const { t } = useTranslation('queueIntegrations');
  const isEdit = integrationId !== null;
  const existing = useIntegration(integrationId);
  const save = useSaveIntegration();
  const test = useTestDialogflowSession();
  const stored = existing.data;
  const resolver = useMemo(() => integrationFormResolver(Boolean(stored?.hasJsonContent)), [stored?.hasJsonContent]);
  const form = useForm<IntegrationFormValues, unknown, IntegrationPayload>({ resolver, defaultValues: emptyIntegrationForm() });
  const { control, handleSubmit, reset, setError, getValues } = form;
  const type = useWatch({ control, name: 'type' });

  useFormLoad(true, isEdit ? (stored ? `integration-${stored.id}` : null) : 'new', () => (stored ? integrationToForm(stored) : emptyIntegrationForm()), reset);

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: integrationId, input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, INTEGRATION_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  const testSession = () => {
    const { projectName, jsonContent, language } = getValues();
    test.mutate(
      { projectName, jsonContent, language: language as (typeof INTEGRATION_LANGUAGES)[number] },
      { onSuccess: (result) => toast.success(t('dialog.testOk', { reply: result.reply })), onError: (err) => toast.error(errorMessage(err)) },
    );
  };

  /** A field of the form; `hint` shows under it until an error takes its place. */
  const field = (name: (typeof INTEGRATION_FORM_FIELDS)[number], extra: Record<string, unknown> = {}, hint?: string) => {
    const props = textFieldProps(form, name, `integration-${name}`);
    return <TextField {...props} label={t(`dialog.${name}`)} {...extra} helperText={props.helperText ?? hint} />;
  };

  return (
    <FormDialog open title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')} testId="integration" loading={isEdit && existing.isPending} saving={save.isPending} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        {field('type', {
          select: true,
          sx: { minWidth: 180 },
          children: INTEGRATION_TYPES.map((value) => (
            <MenuItem key={value} value={value} data-testid={`integration-type-${value}`}>
              {t(`types.${value}`)}
            </MenuItem>
          )),
          slotProps: { htmlInput: { 'data-testid': 'integration-type' }, select: { SelectDisplayProps: { 'data-testid': 'integration-type-select' } as object } },
        })}
        {field('name', { autoFocus: true })}
      </Box>
      {type === 'dialogflow' && (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
            {field('projectName')}
            {field('language', {
              select: true,
              sx: { minWidth: 160 },
              children: INTEGRATION_LANGUAGES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`languages.${value}`)}
                </MenuItem>
              )),
            })}
          </Box>
          {field('jsonContent', {
            multiline: true,
            minRows: 4,
            placeholder: stored?.hasJsonContent ? t('dialog.jsonStored', { email: stored.serviceAccountEmail ?? '' }) : '{ "type": "service_account", ... }',
          }, t('dialog.jsonHint'))}
          <Button variant="outlined" onClick={testSession} disabled={test.isPending} sx={{ mt: 1 }} data-testid="integration-test-session">
            {t('dialog.testSession')}
          </Button>
        </>
      )}
      {type !== 'dialogflow' && field('urlN8N', {}, t(`dialog.urlHint.${type}`))}
      {(type === 'n8n' || type === 'webhook') && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="integration-webhook-help">
          <Typography variant="body2">{t('dialog.webhookHelp', { header: INTEGRATION_SIGNATURE_HEADER })}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', my: 0.5 }}>{ANSWER_EXAMPLE}</Typography>
          <Typography variant="body2">{t('dialog.webhookAnswer')}</Typography>
          {stored?.signingSecret && type === stored.type && (
            <TextField label={t('dialog.signingSecret')} value={stored.signingSecret} fullWidth margin="dense" size="small" slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'integration-secret' } }} />
          )}
        </Alert>
      )}
      {type === 'typebot' && (
        <>
          {field('typebotSlug')}
          <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
            {field('typebotExpires', { type: 'number' })}
            {field('typebotDelayMessage', { type: 'number' })}
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
            {field('typebotKeywordFinish')}
            {field('typebotKeywordRestart')}
          </Box>
          {field('typebotUnknownMessage', { multiline: true, minRows: 2 })}
          {field('typebotRestartMessage', { multiline: true, minRows: 2 })}
        </>
      )}
    </FormDialog>
  );
}
