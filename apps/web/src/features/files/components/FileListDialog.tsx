import { FILE_LIST_ACCEPT, FILE_LIST_MAX_OPTIONS } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { toastError } from '../../../lib/errors';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../../lib/forms';
import { useFormLoad } from '../../../lib/useFormLoad';
import { useFileList, useSaveFileList } from '../api';
import {
  emptyFileListForm,
  emptyFileListOption,
  FILE_LIST_FORM_FIELDS,
  fileListFormResolver,
  fileListToForm,
  toFileListInput,
  type FileListFormValues,
} from './fileListForm';

interface FileListDialogProps {
  open: boolean;
  /** Null adds a list. */
  fileListId: number | null;
  onClose: () => void;
}

export function FileListDialog({ open, fileListId, onClose }: FileListDialogProps) {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation();
  const isEdit = fileListId !== null;
  const existing = useFileList(open ? fileListId : null);
  const save = useSaveFileList();
  const form = useForm<FileListFormValues>({ resolver: fileListFormResolver, defaultValues: emptyFileListForm });
  const { control, handleSubmit, reset, setError, formState, register } = form;
  const options = useFieldArray({ control, name: 'options' });
  // Files chosen in this opening, by the option's field key (it survives removals above it).
  const [chosen, setChosen] = useState<Record<string, File>>({});
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [picking, setPicking] = useState<string | null>(null);

  useFormLoad(open, isEdit ? (existing.data ? `file-list-${existing.data.id}` : null) : 'new', () => (existing.data ? fileListToForm(existing.data) : emptyFileListForm), (values) => {
    reset(values);
    setChosen({});
  });

  useEffect(() => {
    if (existing.error) toastError(existing.error);
  }, [existing.error]);

  const onSubmit = handleSubmit((values) => {
    const files = new Map<number, File>();
    options.fields.forEach((field, place) => {
      if (chosen[field.id]) files.set(place, chosen[field.id]);
    });
    save.mutate(
      { id: fileListId, input: toFileListInput(values), files },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, FILE_LIST_FORM_FIELDS)) toastError(err);
        },
      },
    );
  });

  // File lists word their rules 'nome muito curto' / 'Obrigatório', not the shared texts.
  const ruleText = (key: string | undefined) => (key ? t(`validation.${key}`, { defaultValue: validationText(key) }) : undefined);
  const loading = isEdit && existing.isPending;

  return (
    <FormDialog
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="file-list"
      loading={loading}
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField {...textFieldProps(form, 'name', 'file-list-name')} label={t('dialog.name')} autoFocus helperText={ruleText(formState.errors.name?.message)} />
      <TextField
        {...textFieldProps(form, 'message', 'file-list-message')}
        label={t('dialog.message')}
        multiline
        minRows={3}
        helperText={ruleText(formState.errors.message?.message)}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('dialog.options')}
      </Typography>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={FILE_LIST_ACCEPT}
        data-testid="file-list-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file && picking) setChosen((prev) => ({ ...prev, [picking]: file }));
          e.target.value = '';
        }}
      />
      {options.fields.map((field, place) => {
        const fileName = chosen[field.id]?.name ?? field.savedFile;
        const nameError = formState.errors.options?.[place]?.name?.message;
        return (
          <Box key={field.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1 }} data-testid={`file-list-option-${place}`}>
            <TextField
              {...register(`options.${place}.name`)}
              label={t('dialog.optionName')}
              size="small"
              sx={{ flex: 1 }}
              error={Boolean(nameError)}
              helperText={ruleText(nameError)}
              slotProps={{ htmlInput: { 'data-testid': `file-list-option-name-${place}` } }}
            />
            <Box sx={{ flex: 1, minWidth: 0, pt: 0.5 }}>
              <Button
                size="small"
                startIcon={<AttachFileIcon />}
                onClick={() => {
                  setPicking(field.id);
                  fileInput.current?.click();
                }}
                data-testid={`file-list-option-attach-${place}`}
              >
                {t('dialog.chooseFile')}
              </Button>
              <Typography variant="caption" component="div" noWrap data-testid={`file-list-option-file-${place}`}>
                {fileName ?? t('dialog.noFile')}
              </Typography>
            </Box>
            <Tooltip title={tc('delete')}>
              <IconButton aria-label={tc('delete')} onClick={() => options.remove(place)} data-testid={`file-list-option-remove-${place}`}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={options.fields.length >= FILE_LIST_MAX_OPTIONS}
        onClick={() => options.append(emptyFileListOption)}
        data-testid="file-list-option-add"
      >
        {t('dialog.addOption')}
      </Button>
    </FormDialog>
  );
}
