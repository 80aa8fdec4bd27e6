import type { Chat } from '@atende/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/FormDialog';
import { useUserOptions } from '../../users';
import { useSaveChat } from '../api';

interface ChatDialogProps {
  open: boolean;
  /** Null creates a chat. */
  chat: Chat | null;
  userId: number | undefined;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}

interface Person {
  id: number;
  name: string;
}

/** What the dialog says is missing, if anything: the title first, then the members. */
export function chatFormProblem(title: string, users: readonly unknown[]): 'fillTitle' | 'selectUser' | null {
  if (!title.trim()) return 'fillTitle';
  if (users.length === 0) return 'selectUser';
  return null;
}

/**
 * Creates or edits a chat: a title and at least one other user of the company (the owner is
 * always a member). What is missing is said in an alert; errors of the chat API are not shown.
 */
export function ChatDialog({ open, chat, userId, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation('chats');
  const options = useUserOptions(open);
  const save = useSaveChat();
  const [title, setTitle] = useState('');
  const [users, setUsers] = useState<Person[]>([]);
  const others = useMemo(() => (options.data ?? []).filter((user) => user.id !== userId).map(({ id, name }) => ({ id, name })), [options.data, userId]);

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? '');
    setUsers(chat ? chat.users.filter((member) => member.userId !== userId).map((member) => member.user) : []);
  }, [open, chat, userId]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = chatFormProblem(title, users);
    if (problem) {
      toast.error(t(`dialog.${problem}`), { toastId: `chat-${problem}` });
      return;
    }
    save.mutate(
      { id: chat?.id ?? null, input: { title: title.trim(), users: users.map(({ id }) => ({ id })) } },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      title={chat ? t('dialog.editTitle') : t('dialog.addTitle')}
      testId="chat"
      saving={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label={t('dialog.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'chat-title', maxLength: 100 } }}
        />
        <Autocomplete
          multiple
          options={others}
          value={users}
          loading={options.isPending}
          onChange={(_event, value) => setUsers(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} {...itemProps} size="small" label={option.name} />;
            })
          }
          renderInput={(params) => <TextField {...params} label={t('dialog.users')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'chat-users' } }} />}
        />
      </Box>
    </FormDialog>
  );
}
