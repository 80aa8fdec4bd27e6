import type { Connection } from '@atende/contract';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';
import { validationText } from '../../../lib/forms';
import type { CloudFormValues, ConnectionFormValues, ConnectionPayload } from './connectionForm';

interface Props {
  form: UseFormReturn<ConnectionFormValues, unknown, ConnectionPayload>;
  /** The stored Cloud settings of an existing connection (never its secrets). */
  stored: Connection['cloud'] | undefined;
}

const SECRETS = { accessToken: 'hasAccessToken', appSecret: 'hasAppSecret' } as const;

/** Meta's webhook must call this server at the connection's own path. */
export function webhookUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/**
 * WhatsApp Cloud API credentials. The access token and the app secret are write-only: the server
 * only tells whether it holds them, and an empty field keeps the stored value.
 */
export function ConnectionCloudFields({ form, stored }: Props) {
  const { t } = useTranslation('connections');
  const { errors } = form.formState;
  const cloudErrors = errors.cloud ?? {};

  const field = (name: keyof CloudFormValues, options: { secret?: boolean; helper?: string } = {}) => {
    const error = cloudErrors[name]?.message;
    return (
      <TextField
        label={t(`dialog.cloud.${name}`)}
        type={options.secret ? 'password' : 'text'}
        autoComplete="off"
        fullWidth
        margin="dense"
        {...form.register(`cloud.${name}`)}
        error={Boolean(error)}
        helperText={validationText(error) ?? options.helper}
        slotProps={{ htmlInput: { 'data-testid': `connection-cloud-${name}` } }}
      />
    );
  };

  const secretHelper = (name: keyof typeof SECRETS) => (stored?.[SECRETS[name]] ? t('dialog.cloud.configured') : undefined);

  return (
    <>
      {field('phoneNumberId')}
      {field('accessToken', { secret: true, helper: secretHelper('accessToken') })}
      {field('appSecret', { secret: true, helper: secretHelper('appSecret') })}
      {field('verifyToken', { helper: t('dialog.cloud.verifyTokenHelp') })}
      {stored?.webhookPath ? (
        <CopyField label={t('dialog.cloud.webhookUrl')} value={webhookUrl(stored.webhookPath)} testId="connection-webhook-url" />
      ) : (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="connection-webhook-later">
          {t('dialog.cloud.webhookAfterSave')}
        </Typography>
      )}
    </>
  );
}
