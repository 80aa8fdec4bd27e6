import { CONNECTION_PROVIDERS, providerConfigSpecOf, specOfProvider, type ConnectionProvider } from '@atende/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { CopyField } from '../../../components/CopyField';
import { PageLoader } from '../../../components/PageLoader';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useQueueOptions } from '../../queues';
import { useSimulatorEnabled } from '../useSimulatorEnabled';
import { useConnection, useSaveConnection } from '../api';
import { ConnectionProviderFields } from './ConnectionProviderFields';
import { ConnectionMessageFields } from './ConnectionMessageFields';
import { ConnectionQueueFields } from './ConnectionQueueFields';
import {
  CONNECTION_FORM_FIELDS,
  connectionFormResolver,
  connectionPayload,
  connectionToForm,
  emptyConnectionForm,
  storedSettingsOf,
  type ConnectionFormValues,
  type ConnectionPayload,
} from './connectionForm';

export interface ConnectionDialogProps {
  /** Null to add a connection. */
  connectionId: number | null;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Divider textAlign="left" sx={{ mb: 1 }}>
        <Typography variant="overline" color="text.secondary">
          {title}
        </Typography>
      </Divider>
      {children}
    </Box>
  );
}

/** Add/edit a WhatsApp connection with every field a connection has. */
export default function ConnectionDialog({ connectionId, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation('connections');
  const { t: tc } = useTranslation();
  const isEdit = connectionId !== null;
  const existing = useConnection(connectionId);
  const queues = useQueueOptions(true);
  const simulatorEnabled = useSimulatorEnabled();
  const save = useSaveConnection();

  const resolver = useMemo(() => connectionFormResolver(existing.data), [existing.data]);
  const form = useForm<ConnectionFormValues, unknown, ConnectionPayload>({ resolver, defaultValues: emptyConnectionForm() });
  const { control, handleSubmit, reset, setError, watch } = form;
  const provider = watch('provider');
  const settings = providerConfigSpecOf(provider);

  useEffect(() => {
    if (existing.data) reset(connectionToForm(existing.data));
  }, [existing.data, reset]);

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  // The simulator is offered only where the server runs it; a connection already on it keeps it.
  const providers = CONNECTION_PROVIDERS.filter(
    (p: ConnectionProvider) => !specOfProvider(p)?.demoOnly || simulatorEnabled || existing.data?.provider === p,
  );

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: connectionId, input: connectionPayload(values) },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, CONNECTION_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  const loading = isEdit && existing.isPending;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" scroll="paper" data-testid="connection-dialog" aria-labelledby="connection-dialog-title">
      <DialogTitle id="connection-dialog-title">{isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
      <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
        <DialogContent dividers>
          {loading ? (
            <PageLoader />
          ) : (
            <>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexDirection: { xs: 'column', sm: 'row' } }}>
                <TextField {...textFieldProps(form, 'name', 'connection-name')} label={t('dialog.name')} autoFocus />
                <Controller
                  control={control}
                  name="isDefault"
                  render={({ field }) => (
                    <FormControlLabel
                      label={t('dialog.isDefault')}
                      sx={{ flexShrink: 0 }}
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { 'data-testid': 'connection-default' } as object }}
                        />
                      }
                    />
                  )}
                />
              </Box>
              <Controller
                control={control}
                name="provider"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('dialog.provider')}
                    fullWidth
                    margin="dense"
                    {...field}
                    slotProps={{ htmlInput: { 'data-testid': 'connection-provider' } }}
                  >
                    {providers.map((value) => (
                      <MenuItem key={value} value={value} data-testid={`connection-provider-${value}`}>
                        {t(`dialog.providers.${value}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {settings && (
                <Section title={t(`dialog.sections.${settings.field}`)}>
                  <ConnectionProviderFields form={form} spec={settings} stored={storedSettingsOf(existing.data, settings)} />
                </Section>
              )}
              <Section title={t('dialog.sections.messages')}>
                <ConnectionMessageFields form={form} />
              </Section>
              <Section title={t('dialog.sections.queues')}>
                <ConnectionQueueFields form={form} queues={queues.data ?? []} />
              </Section>
              {existing.data?.token && (
                <Section title={t('dialog.sections.api')}>
                  <CopyField label={t('dialog.token')} value={existing.data.token} testId="connection-token" />
                </Section>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="connection-cancel">
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || save.isPending} data-testid="connection-save">
            {tc('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
