import { ANNOUNCEMENT_IMAGE, ANNOUNCEMENT_PRIORITIES, type AnnouncementInput } from '@atende/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, validationText } from '../../../lib/forms';
import { filesWithinLimit, uploadLimitHint } from '../../../lib/uploads';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useAnnouncement, useSaveAnnouncement } from '../api';
import {
  ANNOUNCEMENT_FORM_FIELDS,
  announcementFormResolver,
  announcementToForm,
  emptyAnnouncementForm,
  isImageName,
  type AnnouncementFormValues,
} from './announcementForm';

interface AnnouncementDialogProps {
  open: boolean;
  /** Null adds an announcement. */
  announcementId: number | null;
  onClose: () => void;
}

export function AnnouncementDialog({ open, announcementId, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation('announcements');
  const isEdit = announcementId !== null;
  const existing = useAnnouncement(open ? announcementId : null);
  const save = useSaveAnnouncement();
  const form = useForm<AnnouncementFormValues, unknown, AnnouncementInput>({ resolver: announcementFormResolver, defaultValues: emptyAnnouncementForm });
  const { control, handleSubmit, reset, setError } = form;
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);

  useFormLoad(
    open,
    isEdit ? (existing.data ? `announcement-${existing.data.id}` : null) : 'new',
    () => (existing.data ? announcementToForm(existing.data) : emptyAnnouncementForm),
    (values) => {
      reset(values);
      setFile(null);
      setRemoveImage(false);
    },
  );

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: announcementId, input, file, removeImage },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, ANNOUNCEMENT_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  // Announcements word a missing field 'Obrigatório'.
  const errorText = (key: string | undefined) => (key ? t(`validation.${key}`, { defaultValue: validationText(key) }) : undefined);
  const imageName = file?.name ?? (removeImage ? null : (existing.data?.mediaName ?? null));

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="announcement"
      loading={isEdit && existing.isPending}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Controller
        control={control}
        name="title"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('dialog.title')}
            autoFocus
            fullWidth
            margin="dense"
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message)}
            slotProps={{ htmlInput: { 'data-testid': 'announcement-title' } }}
          />
        )}
      />
      <Controller
        control={control}
        name="text"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('dialog.text')}
            multiline
            minRows={4}
            fullWidth
            margin="dense"
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message)}
            slotProps={{ htmlInput: { 'data-testid': 'announcement-text' } }}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField
              select
              label={t('dialog.status')}
              value={field.value ? 'active' : 'inactive'}
              onChange={(e) => field.onChange(e.target.value === 'active')}
              fullWidth
              margin="dense"
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'announcement-status' } as object } }}
            >
              <MenuItem value="active">{t('status.active')}</MenuItem>
              <MenuItem value="inactive">{t('status.inactive')}</MenuItem>
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="priority"
          render={({ field }) => (
            <TextField
              select
              label={t('dialog.priority')}
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              fullWidth
              margin="dense"
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'announcement-priority' } as object } }}
            >
              {ANNOUNCEMENT_PRIORITIES.map((priority) => (
                <MenuItem key={priority} value={priority} data-testid={`announcement-priority-${priority}`}>
                  {t(`priority.${priority}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept={ANNOUNCEMENT_IMAGE.accept}
          data-testid="announcement-file"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!chosen) return;
            if (!isImageName(chosen)) toast.error(t('image.type'));
            else if (filesWithinLimit([chosen], ANNOUNCEMENT_IMAGE.maxBytes).length > 0) setFile(chosen);
          }}
        />
        <Button size="small" startIcon={<AttachFileIcon />} onClick={() => fileRef.current?.click()} data-testid="announcement-attach" title={uploadLimitHint(ANNOUNCEMENT_IMAGE.maxBytes)}>
          {t('dialog.image')}
        </Button>
        {imageName && (
          <>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="announcement-image-name">
              {imageName}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('dialog.removeImage')}
              onClick={() => (file ? setFile(null) : setRemoveImage(true))}
              data-testid="announcement-remove-image"
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </Box>
    </FormDialog>
  );
}
