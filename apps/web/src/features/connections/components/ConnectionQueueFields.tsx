import type { QueueRef } from '@atende/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionalIdSelect } from '../../../components/OptionalIdSelect';
import { validationText } from '../../../lib/forms';
import { PromptSelect } from '../../prompts';
import { IntegrationSelect } from '../../queue-integrations';
import { QueueMultiSelect } from '../../queues';
import type { ConnectionFormValues, ConnectionPayload } from './connectionForm';

type NumberField = 'timeToTransfer' | 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues';

interface Props {
  form: UseFormReturn<ConnectionFormValues, unknown, ConnectionPayload>;
  queues: QueueRef[];
}

/** Queues, transfer, ticket expiry and chatbot limits. */
export function ConnectionQueueFields({ form, queues }: Props) {
  const { t } = useTranslation('connections');
  const { errors } = form.formState;

  const numberField = (field: NumberField, helper?: string) => (
    <TextField
      label={t(`dialog.${field}`)}
      type="number"
      fullWidth
      margin="dense"
      {...form.register(field)}
      error={Boolean(errors[field])}
      helperText={validationText(errors[field]?.message) ?? helper}
      slotProps={{ htmlInput: { min: 0, 'data-testid': `connection-${field}` } }}
    />
  );

  return (
    <>
      <QueueMultiSelect control={form.control} name="queueIds" label={t('dialog.queues')} queues={queues} testId="connection-queues" />
      <IntegrationSelect control={form.control} name="integrationId" testId="connection-integration" />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        <OptionalIdSelect
          control={form.control}
          name="transferQueueId"
          label={t('dialog.transferQueue')}
          noneLabel={t('dialog.noTransferQueue')}
          options={queues}
          testId="connection-transfer-queue"
        />
        {numberField('timeToTransfer', t('dialog.zeroDisables'))}
      </Box>
      <PromptSelect control={form.control} name="promptId" testId="connection-prompt" />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        {numberField('expiresTicket', t('dialog.zeroDisables'))}
        <TextField
          label={t('dialog.expiresInactiveMessage')}
          fullWidth
          margin="dense"
          {...form.register('expiresInactiveMessage')}
          error={Boolean(errors.expiresInactiveMessage)}
          helperText={validationText(errors.expiresInactiveMessage?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'connection-expiresInactiveMessage' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        {numberField('timeUseBotQueues', t('dialog.zeroDisables'))}
        {numberField('maxUseBotQueues')}
      </Box>
    </>
  );
}
