import type { Campaign } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PageLoader } from '../../../components/PageLoader';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../../lib/forms';
import { AttachmentField } from '../../../components/AttachmentField';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useConnections } from '../../connections';
import { useContactListOptions } from '../../contact-lists';
import { useFileListOptions } from '../../files';
import { useTagOptions } from '../../tags';
import { useCampaign, useSaveCampaign } from '../api';
import { campaignFormResolver, campaignToForm, emptyCampaignForm, isCampaignEditable, showsSave, toCampaignInput, type CampaignFormValues } from '../campaignForm';
import { MessageTabs } from './MessageTabs';

interface CampaignDialogProps {
  open: boolean;
  /** Null creates a campaign. */
  campaignId: number | null;
  onClose: () => void;
  onSaved?: (campaign: Campaign) => void;
}

type Option = { id: number; name: string };

/**
 * Creates or edits a campaign: name, confirmation, audience (a contact list or a tag list),
 * connection, start, file list, five message variants and an attachment. Past the edit window
 * every field is read-only.
 */
export function CampaignDialog({ open, campaignId, onClose, onSaved }: CampaignDialogProps) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation();
  const existing = useCampaign(open ? campaignId : null);
  const save = useSaveCampaign();
  const contactLists = useContactListOptions(open);
  const tags = useTagOptions(open);
  const connections = useConnections(open);
  const fileLists = useFileListOptions(open);
  const form = useForm<CampaignFormValues, unknown, CampaignFormValues>({ resolver: campaignFormResolver, defaultValues: emptyCampaignForm() });
  const { control, register, setValue, handleSubmit, reset, setError } = form;
  const confirmation = useWatch({ control, name: 'confirmation' });
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const isEdit = campaignId !== null;
  const campaign = existing.data ?? null;

  useFormLoad(
    open,
    isEdit ? (campaign ? `campaign-${campaign.id}` : null) : 'new',
    () => (campaign ? campaignToForm(campaign) : emptyCampaignForm()),
    (values) => {
      reset(values);
      setFile(null);
      setRemoveMedia(false);
    },
  );

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const readOnly = isEdit && !isCampaignEditable(campaign);
  const canSave = !isEdit || showsSave(campaign);
  const loading = isEdit && existing.isPending;

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: campaignId, input: toCampaignInput(values), file, removeMedia },
      {
        onSuccess: (saved) => {
          toast.success(t('saved'));
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, ['name', 'scheduledAt', 'contactListId', 'tagListId', 'whatsappId', 'fileListId'])) toastError(err);
        },
      },
    );
  });

  /** A select of records, '' meaning none; choosing a contact list clears the tag list and back. */
  const select = (name: Path<CampaignFormValues>, label: string, loaded: Option[] | undefined, current: Option | null | undefined, clears?: Path<CampaignFormValues>) => {
    // The campaign's own choice shows by name even before the options arrive.
    const options = current && !(loaded ?? []).some((o) => o.id === current.id) ? [current, ...(loaded ?? [])] : (loaded ?? []);
    return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="dense"
          label={label}
          value={field.value}
          disabled={readOnly}
          error={Boolean(fieldState.error)}
          helperText={validationText(fieldState.error?.message)}
          onChange={(e) => {
            field.onChange(e.target.value);
            if (clears && e.target.value !== '') setValue(clears, '');
          }}
          slotProps={{ htmlInput: { 'data-testid': `campaign-${name}` } }}
        >
          <MenuItem value="">{t('dialog.none')}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)} data-testid={`campaign-${name}-option-${option.id}`}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
    );
  };

  const currentMedia = removeMedia ? null : (campaign?.mediaName ?? null);
  const attachmentName = file?.name ?? currentMedia;
  const title = !isEdit ? t('dialog.addTitle') : readOnly ? t('dialog.viewTitle') : t('dialog.editTitle');

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="campaign-dialog" aria-labelledby="campaign-dialog-title">
      <DialogTitle id="campaign-dialog-title">{title}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent dividers>
          {loading ? (
            <PageLoader />
          ) : (
            <>
              {readOnly && (
                <Alert severity="info" sx={{ mb: 1 }} data-testid="campaign-read-only">
                  {t('dialog.readOnly')}
                </Alert>
              )}
              <Grid container columnSpacing={2}>
                <Grid size={{ xs: 12, md: 8 }}>
                  <TextField {...textFieldProps(form, 'name', 'campaign-name')} label={t('dialog.name')} disabled={readOnly} autoFocus />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <Controller
                    control={control}
                    name="confirmation"
                    render={({ field }) => (
                      <TextField
                        select
                        fullWidth
                        margin="dense"
                        label={t('dialog.confirmation')}
                        value={field.value ? 'true' : 'false'}
                        disabled={readOnly}
                        onChange={(e) => field.onChange(e.target.value === 'true')}
                        slotProps={{ htmlInput: { 'data-testid': 'campaign-confirmation' } }}
                      >
                        <MenuItem value="false" data-testid="campaign-confirmation-off">{t('disabled')}</MenuItem>
                        <MenuItem value="true" data-testid="campaign-confirmation-on">{t('enabled')}</MenuItem>
                      </TextField>
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>{select('contactListId', t('dialog.contactList'), contactLists.data, campaign?.contactList, 'tagListId')}</Grid>
                <Grid size={{ xs: 12, md: 4 }}>{select('tagListId', t('dialog.tagList'), tags.data, campaign?.tagList, 'contactListId')}</Grid>
                <Grid size={{ xs: 12, md: 4 }}>{select('whatsappId', t('dialog.connection'), connections.data, campaign?.whatsapp)}</Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <TextField
                    {...textFieldProps(form, 'scheduledAt', 'campaign-scheduledAt')}
                    type="datetime-local"
                    label={t('dialog.scheduledAt')}
                    disabled={readOnly}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-scheduledAt' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>{select('fileListId', t('dialog.fileList'), fileLists.data, campaign?.fileList)}</Grid>
              </Grid>
              <MessageTabs register={register} confirmation={confirmation} readOnly={readOnly} />
              <AttachmentField
                testId="campaign"
                name={attachmentName}
                attachLabel={t('dialog.attach')}
                removeLabel={t('dialog.removeAttachment')}
                readOnly={readOnly}
                onPick={setFile}
                onRemove={() => (file ? setFile(null) : setRemoveMedia(true))}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="campaign-cancel">
            {canSave ? tc('cancel') : tc('close')}
          </Button>
          {canSave && (
            <Button type="submit" variant="contained" disabled={loading || save.isPending} data-testid="campaign-save">
              {tc('save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
