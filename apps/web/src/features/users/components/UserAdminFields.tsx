import type { QueueRef } from '@atende/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionalIdSelect } from '../../../components/OptionalIdSelect';
import type { ConnectionOption } from '../api';
import { QueueMultiSelect } from '../../queues';
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
        <OptionalIdSelect
          control={control}
          name="whatsappId"
          label={t('dialog.whatsapp')}
          noneLabel={t('dialog.noWhatsapp')}
          options={connections}
          testId="user-whatsapp"
        />
      )}
    </>
  );
}
