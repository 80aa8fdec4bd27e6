import { heldSecretKey, type ProviderConfigSpec } from '@atende/contract';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldError, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';
import { validationText } from '../../../lib/forms';
import type { ConnectionFormValues, ConnectionPayload, StoredSettings } from './connectionForm';

interface Props {
  form: UseFormReturn<ConnectionFormValues, unknown, ConnectionPayload>;
  /** The provider's settings, as the contract declares them. */
  spec: ProviderConfigSpec;
  /** What the server answered of an existing connection's settings (never its secrets). */
  stored: StoredSettings;
}

/** A provider that calls this server must be given the connection's own URL. */
export function webhookUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/**
 * The chosen provider's settings (the Cloud API's credentials), drawn from its schema: labels
 * under `dialog.<field>.<name>`, an optional `<name>Help` text. Secrets are write-only: the server
 * only tells whether it holds one, and an empty field keeps the stored value.
 */
export function ConnectionProviderFields({ form, spec, stored }: Props) {
  const { t, i18n } = useTranslation('connections');
  const errors = (form.formState.errors as Record<string, Record<string, FieldError> | undefined>)[spec.field] ?? {};
  const text = (key: string) => `dialog.${spec.field}.${key}`;

  const helperOf = (name: string): string | undefined => {
    if (spec.secrets.includes(name)) return stored?.[heldSecretKey(name)] ? t(text('configured')) : undefined;
    return i18n.exists(text(`${name}Help`), { ns: 'connections' }) ? t(text(`${name}Help`)) : undefined;
  };

  const webhookPath = typeof stored?.webhookPath === 'string' ? stored.webhookPath : '';

  return (
    <>
      {spec.fields.map((name) => {
        const error = errors[name]?.message;
        return (
          <TextField
            key={name}
            label={t(text(name))}
            type={spec.secrets.includes(name) ? 'password' : 'text'}
            autoComplete="off"
            fullWidth
            margin="dense"
            {...form.register(`${spec.field}.${name}` as Path<ConnectionFormValues>)}
            error={Boolean(error)}
            helperText={validationText(error) ?? helperOf(name)}
            slotProps={{ htmlInput: { 'data-testid': `connection-${spec.field}-${name}` } }}
          />
        );
      })}
      {spec.webhook &&
        (webhookPath ? (
          <CopyField label={t(text('webhookUrl'))} value={webhookUrl(webhookPath)} testId="connection-webhook-url" />
        ) : (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="connection-webhook-later">
            {t(text('webhookAfterSave'))}
          </Typography>
        ))}
    </>
  );
}
