import { helpInput, type Help, type HelpInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useDeleteHelp, useHelps, useSaveHelp } from '../api';

interface HelpFormValues {
  title: string;
  description: string;
  video: string;
}

const FIELDS = ['title', 'description', 'video'] as const;
const empty: HelpFormValues = { title: '', description: '', video: '' };
const resolver = zodResolver(helpInput) as unknown as Resolver<HelpFormValues, unknown, HelpInput>;

/**
 * Settings > Ajuda (super user only): a form that adds or edits a help video, and the table of
 * them. A YouTube link or the video's code is accepted; the code is what is kept.
 */
export function HelpsSettingsTab() {
  const { t } = useTranslation('helps');
  const { t: tc } = useTranslation();
  const helps = useHelps();
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const [editing, setEditing] = useState<Help | null>(null);
  const [toDelete, setToDelete] = useState<Help | null>(null);
  const form = useForm<HelpFormValues, unknown, HelpInput>({ resolver, defaultValues: empty });
  const { handleSubmit, reset, setError } = form;

  useEffect(() => {
    if (helps.error) toast.error(t('loadFailed'), { toastId: 'helps-load-failed' });
  }, [helps.error, t]);

  function clear() {
    setEditing(null);
    reset(empty);
  }

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          clear();
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, setError, FIELDS)) toast.error(t('saveFailed'));
        },
      },
    );
  });

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('saved'));
        if (editing?.id === toDelete.id) clear();
      },
      onError: () => toast.error(t('deleteFailed')),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <Box sx={{ p: 2 }} data-testid="helps-settings">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField {...textFieldProps(form, 'title', 'help-title')} label={t('form.title')} />
        <TextField {...textFieldProps(form, 'video', 'help-video')} label={t('form.video')} placeholder="https://www.youtube.com/watch?v=…" />
        <TextField {...textFieldProps(form, 'description', 'help-description')} label={t('form.description')} multiline minRows={2} sx={{ gridColumn: '1 / -1' }} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', gridColumn: '1 / -1' }}>
          <Button color="inherit" onClick={clear} data-testid="help-clear">
            {t('form.clear')}
          </Button>
          {editing && (
            <Button color="error" onClick={() => setToDelete(editing)} data-testid="help-form-delete">
              {tc('delete')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="help-save">
            {tc('save')}
          </Button>
        </Box>
      </Box>
      <Table size="small" sx={{ mt: 2 }} data-testid="helps-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('form.title')}</TableCell>
            <TableCell>{t('form.description')}</TableCell>
            <TableCell>{t('form.video')}</TableCell>
            <TableCell align="center">{t('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(helps.data ?? []).map((help) => (
            <TableRow key={help.id} hover selected={editing?.id === help.id} data-testid={`help-row-${help.id}`}>
              <TableCell>{help.title}</TableCell>
              <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{help.description}</TableCell>
              <TableCell>{help.video}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={tc('edit')}>
                  <IconButton
                    size="small"
                    aria-label={tc('edit')}
                    onClick={() => {
                      setEditing(help);
                      reset({ title: help.title, description: help.description, video: help.video });
                    }}
                    data-testid={`help-edit-${help.id}`}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={tc('delete')}>
                  <IconButton size="small" aria-label={tc('delete')} onClick={() => setToDelete(help)} data-testid={`help-delete-${help.id}`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
          {!helps.isPending && (helps.data ?? []).length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                {tc('noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <ConfirmationDialog open={toDelete !== null} title={toDelete?.title ?? ''} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </Box>
  );
}
