import { WEBHOOK_EVENTS, webhookSubscriptionInput, type WebhookEvent, type WebhookSubscription, type WebhookSubscriptionWithSecret } from '@atende/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api';
import { errorMessage, toastError } from '../../../lib/errors';
import { validationText } from '../../../lib/forms';
import { useSaveWebhook, type WebhookFields } from '../api';

interface WebhookDialogProps {
  open: boolean;
  /** Null adds a webhook. */
  webhook: WebhookSubscription | null;
  onClose: () => void;
  /** A new webhook: its secret, shown once. */
  onCreated: (created: WebhookSubscriptionWithSecret) => void;
}

const EMPTY: WebhookFields = { url: '', events: ['message.created'], active: true };

export function WebhookDialog({ open, webhook, onClose, onCreated }: WebhookDialogProps) {
  const { t } = useTranslation('webhooks');
  const save = useSaveWebhook();
  const [fields, setFields] = useState<WebhookFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'url' | 'events', string>>>({});

  useEffect(() => {
    if (!open) return;
    setFields(webhook ? { url: webhook.url, events: webhook.events, active: webhook.active } : EMPTY);
    setErrors({});
  }, [open, webhook]);

  const toggle = (event: WebhookEvent, on: boolean) =>
    setFields((current) => ({ ...current, events: on ? [...current.events, event] : current.events.filter((e) => e !== event) }));

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const parsed = webhookSubscriptionInput.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<'url' | 'events', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'url' || field === 'events') && !found[field]) found[field] = validationText(issue.message);
      }
      return setErrors(found);
    }
    save.mutate(
      { id: webhook?.id ?? null, fields: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(t('saved'));
          if ('secret' in saved) onCreated(saved as WebhookSubscriptionWithSecret);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.fields.url || error.code === 'ERR_WEBHOOK_URL_NOT_ALLOWED')) {
            setErrors({ url: error.code === 'ERR_VALIDATION' ? validationText(error.fields.url) : errorMessage(error) });
          } else toastError(error);
        },
      },
    );
  }

  return (
    <FormDialog open={open} title={webhook ? t('dialog.editTitle') : t('dialog.addTitle')} testId="webhook" saving={save.isPending} onSubmit={submit} onClose={onClose}>
      <TextField
        label={t('dialog.url')}
        value={fields.url}
        onChange={(e) => setFields({ ...fields, url: e.target.value })}
        error={Boolean(errors.url)}
        helperText={errors.url ?? t('dialog.urlHelp')}
        placeholder="https://"
        fullWidth
        margin="dense"
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
      />
      <FormLabel component="legend" sx={{ mt: 2 }}>
        {t('dialog.events')}
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {WEBHOOK_EVENTS.map((event) => (
          <FormControlLabel
            key={event}
            label={t(`events.${event}`)}
            control={<Checkbox checked={fields.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} slotProps={{ input: { 'data-testid': `webhook-event-${event}` } as object }} />}
          />
        ))}
      </FormGroup>
      {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
      <FormControlLabel
        sx={{ mt: 1 }}
        label={t('dialog.active')}
        control={<Switch checked={fields.active} onChange={(e) => setFields({ ...fields, active: e.target.checked })} slotProps={{ input: { 'data-testid': 'webhook-active' } as object }} />}
      />
    </FormDialog>
  );
}
