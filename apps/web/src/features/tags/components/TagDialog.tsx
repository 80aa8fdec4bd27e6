import { can, type TagInput } from '@atende/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../../app/auth';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useSaveTag, useTag } from '../api';
import { emptyTagForm, TAG_COLORS, TAG_FORM_FIELDS, tagFormResolver, tagToForm, type TagFormValues } from './tagForm';

interface TagDialogProps {
  open: boolean;
  /** Null adds a tag. */
  tagId: number | null;
  onClose: () => void;
}

export function TagDialog({ open, tagId, onClose }: TagDialogProps) {
  const { t } = useTranslation('tags');
  const { user } = useAuth();
  const isEdit = tagId !== null;
  // The kanban switch is for admins and supervisors only.
  const mayKanban = can(user, 'tag:kanbanSwitch');
  const existing = useTag(open ? tagId : null);
  const save = useSaveTag();
  const form = useForm<TagFormValues, unknown, TagInput>({ resolver: tagFormResolver, defaultValues: emptyTagForm });
  const { control, handleSubmit, reset, setError, formState } = form;

  useFormLoad(open, isEdit ? (existing.data ? `tag-${existing.data.id}` : null) : 'new', () => (existing.data ? tagToForm(existing.data) : emptyTagForm), reset);

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit(({ kanban, ...rest }) => {
    const input: TagInput = mayKanban ? { ...rest, kanban } : rest;
    save.mutate(
      { id: tagId, input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, TAG_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  // Tags word their rules 'Obrigatório' / 'Mensagem muito curta', not the shared texts.
  const nameError = formState.errors.name?.message;
  const loading = isEdit && existing.isPending;

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="tag" maxWidth="xs"
      loading={loading}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        {...textFieldProps(form, 'name', 'tag-name')}
        label={t('dialog.name')}
        autoFocus
        helperText={nameError ? t(`validation.${nameError}`, { defaultValue: validationText(nameError) }) : undefined}
      />
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            {TAG_COLORS.map((color) => (
              <ButtonBase
                key={color}
                aria-label={color}
                onClick={() => field.onChange(color)}
                data-testid={`tag-color-${color.slice(1)}`}
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  bgcolor: color,
                  outline: field.value.toLowerCase() === color ? '3px solid' : 'none',
                  outlineColor: 'text.primary',
                  outlineOffset: 2,
                }}
              />
            ))}
            <TextField
              type="color"
              size="small"
              label={t('dialog.color')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              error={Boolean(fieldState.error)}
              sx={{ width: 96 }}
              slotProps={{ htmlInput: { 'data-testid': 'tag-color' } }}
            />
          </Box>
        )}
      />
      {mayKanban && (
        <Controller
          control={control}
          name="kanban"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': 'tag-kanban' } as object }} />}
              label={t('dialog.kanban')}
            />
          )}
        />
      )}
    </FormDialog>
  );
}
