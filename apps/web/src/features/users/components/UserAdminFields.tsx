import type { QueueRef } from '@atende/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionOption } from '../api';
import { QueueMultiSelect, withMissing } from '../../queues/components/QueueMultiSelect';
import type { UserFormValues, UserPayload } from './userForm';

interface Props {
  control: Control<UserFormValues, unknown, UserPayload>;
  editProfile: boolean;
  editQueues: boolean;
  queues: QueueRef[];
  connections: ConnectionOption[];
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
        <QueueMultiSelect control={control} name="queueIds" label={t('dialog.queues')} queues={queues} testId="user-queues" />
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
