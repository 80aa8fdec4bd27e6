import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PageLoader } from '../../../components/PageLoader';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useSettingValue } from '../../settings';
import { useQueue, useSaveQueue } from '../api';
import { IntegrationSelect } from '../../queue-integrations';
import { QueueColorField } from './QueueColorField';
import { QueueOptionsEditor } from './QueueOptionsEditor';
import { PromptSelect } from '../../prompts';
import { emptyQueueForm, QUEUE_FORM_FIELDS, queueFormResolver, queueToForm, scheduleFieldErrors, type QueueFormValues, type QueuePayload } from './queueForm';
import { ScheduleEditor } from '../../../components/ScheduleEditor';

export interface QueueDialogProps {
  /** Null to add a queue. */
  queueId: number | null;
  onClose: () => void;
}

type TabName = 'data' | 'schedules';

/**
 * Add/edit a queue: its data and chatbot options, and its working hours when the
 * company runs hours per queue (setting scheduleType = queue). A new queue stays open once saved,
 * so its options can be added: they hang on the saved queue.
 */
export default function QueueDialog({ queueId, onClose }: QueueDialogProps) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const [savedId, setSavedId] = useState(queueId);
  const [tab, setTab] = useState<TabName>('data');
  const schedulesShown = useSettingValue('scheduleType') === 'queue';
  const existing = useQueue(savedId);
  const save = useSaveQueue();

  const form = useForm<QueueFormValues, unknown, QueuePayload>({ resolver: queueFormResolver, defaultValues: emptyQueueForm() });
  const { control, handleSubmit, reset, setError, formState } = form;

  // Saving an option announces a queue update that refetches the queue: what the user is
  // typing in the dialog must survive it, so only untouched fields take the fresh values.
  useEffect(() => {
    if (existing.data) reset(queueToForm(existing.data), { keepDirtyValues: true });
  }, [existing.data, reset]);

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  // The setting can change while the dialog is open (live event): never stay on a hidden tab.
  const shownTab: TabName = schedulesShown ? tab : 'data';

  const onSubmit = handleSubmit(
    (input) => {
      save.mutate(
        { id: savedId, input },
        {
          onSuccess: (saved) => {
            toast.success(t('saved'));
            if (savedId === null && saved) setSavedId(saved.id);
            else onClose();
          },
          onError: (err) => {
            if (!applyServerFieldErrors(err, setError, QUEUE_FORM_FIELDS)) toastError(err);
          },
        },
      );
    },
    // An error on the hidden tab would leave the user wondering why nothing happened.
    (errors) => {
      if (!errors.name && !errors.color && !errors.orderQueue && errors.schedules && schedulesShown) setTab('schedules');
      else setTab('data');
    },
  );

  const loading = savedId !== null && existing.isPending;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" scroll="paper" data-testid="queue-dialog" aria-labelledby="queue-dialog-title">
      <DialogTitle id="queue-dialog-title">{savedId === null ? t('dialog.addTitle') : t('dialog.editTitle')}</DialogTitle>
      <Tabs value={shownTab} onChange={(_, value: TabName) => setTab(value)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="data" label={t('dialog.dataTab')} data-testid="queue-tab-data" />
        {schedulesShown && <Tab value="schedules" label={t('dialog.schedulesTab')} data-testid="queue-tab-schedules" />}
      </Tabs>
      <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
        <DialogContent dividers>
          {loading ? (
            <PageLoader />
          ) : shownTab === 'data' ? (
            <>
              <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
                <TextField {...textFieldProps(form, 'name', 'queue-name')} label={t('dialog.name')} autoFocus />
                <QueueColorField control={control} />
                <TextField {...textFieldProps(form, 'orderQueue', 'queue-order')} label={t('dialog.orderQueue')} type="number" />
              </Box>
              <TextField {...textFieldProps(form, 'greetingMessage', 'queue-greeting')} label={t('dialog.greetingMessage')} multiline minRows={3} />
              <TextField {...textFieldProps(form, 'outOfHoursMessage', 'queue-out-of-hours')} label={t('dialog.outOfHoursMessage')} multiline minRows={3} />
              <PromptSelect control={control} name="promptId" testId="queue-prompt" />
              <IntegrationSelect control={control} name="integrationId" testId="queue-integration" />
              <Divider textAlign="left" sx={{ my: 2 }}>
                <Typography variant="overline" color="text.secondary">
                  {t('options.heading')}
                </Typography>
              </Divider>
              <QueueOptionsEditor queueId={savedId} />
            </>
          ) : (
            <>
              <Alert severity="info" sx={{ mb: 2 }} data-testid="queue-schedules-hint">
                {t('dialog.schedulesHint')}
              </Alert>
              <Controller
                control={control}
                name="schedules"
                render={({ field }) => (
                  <ScheduleEditor value={field.value} onChange={field.onChange} errors={scheduleFieldErrors(formState.errors)} testId="queue-schedules" />
                )}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="queue-cancel">
            {savedId === null ? tc('cancel') : tc('close')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || save.isPending} data-testid="queue-save">
            {tc('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
