import type { QueueRef } from '@atende/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionOption } from '../api';
import type { UserFormValues, UserPayload } from './userForm';

interface Props {
  control: Control<UserFormValues, unknown, UserPayload>;
  editProfile: boolean;
  editQueues: boolean;
  queues: QueueRef[];
  connections: ConnectionOption[];
}

/** Keeps a selected id selectable even when its record is not in the loaded options. */
function withMissing<T extends { id: number; name: string }>(options: T[], selected: number[]): { id: number; name: string }[] {
  const missing = selected.filter((id) => !options.some((option) => option.id === id));
  return [...options, ...missing.map((id) => ({ id, name: `#${id}` }))];
}

/** The fields only admins change: profile, ticket visibility, default connection and queues. */
export function UserAdminFields({ control, editProfile, editQueues, queues, connections }: Props) {
  const { t } = useTranslation('users');
  return (
    <>
      {editProfile && (
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <Controller
            control={control}
            name="profile"
            render={({ field }) => (
              <TextField select label={t('dialog.profile')} fullWidth margin="dense" {...field} slotProps={{ htmlInput: { 'data-testid': 'user-profile' } }}>
                <MenuItem value="admin">{t('profiles.admin')}</MenuItem>
                <MenuItem value="user">{t('profiles.user')}</MenuItem>
                {field.value === 'supervisor' && <MenuItem value="supervisor">{t('profiles.supervisor')}</MenuItem>}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="allTicket"
            render={({ field }) => (
              <TextField select label={t('dialog.allTicket')} fullWidth margin="dense" {...field} slotProps={{ htmlInput: { 'data-testid': 'user-all-ticket' } }}>
                <MenuItem value="enabled">{t('dialog.allTicketEnabled')}</MenuItem>
                <MenuItem value="desabled">{t('dialog.allTicketDisabled')}</MenuItem>
              </TextField>
            )}
          />
        </Box>
      )}
      {editQueues && (
        <Controller
          control={control}
          name="queueIds"
          render={({ field }) => (
            <TextField
              select
              label={t('dialog.queues')}
              fullWidth
              margin="dense"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => {
                const value = e.target.value as unknown as number[] | string;
                field.onChange(typeof value === 'string' ? value.split(',').map(Number) : value);
              }}
              slotProps={{
                htmlInput: { 'data-testid': 'user-queues' },
                select: {
                  multiple: true,
                  renderValue: (selected) => (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {(selected as number[]).map((id) => {
                        const queue = queues.find((q) => q.id === id);
                        return (
                          <Chip key={id} size="small" label={queue?.name ?? id} sx={{ bgcolor: queue?.color, color: queue ? '#fff' : undefined }} />
                        );
                      })}
                    </Box>
                  ),
                },
              }}
            >
              {withMissing(queues, field.value).map((queue) => (
                <MenuItem key={queue.id} value={queue.id}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {editProfile && (
        <Controller
          control={control}
          name="whatsappId"
          render={({ field }) => (
            <TextField
              select
              label={t('dialog.whatsapp')}
              fullWidth
              margin="dense"
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'user-whatsapp' } }}
            >
              <MenuItem value="">
                <em>{t('dialog.noWhatsapp')}</em>
              </MenuItem>
              {withMissing(connections, field.value === null ? [] : [field.value]).map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </>
  );
}
