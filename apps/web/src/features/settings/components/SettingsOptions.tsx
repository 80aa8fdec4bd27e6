import { SETTINGS, type SettingKey } from '@atende/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../../lib/errors';
import { useSettings, useUpdateSetting } from '../api';

/** The company options of the Opções tab, in the order users know them from. */
export const OPTION_KEYS = [
  'userRating',
  'scheduleType',
  'call',
  'CheckMsgIsGroup',
  'chatBotType',
  'sendGreetingAccepted',
  'sendMsgTransfTicket',
  'sendGreetingMessageOneQueues',
] as const satisfies readonly SettingKey[];

/** Every option a select: saved as soon as it changes. */
export function SettingsOptions() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  const update = useUpdateSetting();

  const valueOf = (key: SettingKey) => settings.data?.find((entry) => entry.key === key)?.value ?? SETTINGS[key].default;

  function change(key: SettingKey, value: string) {
    update.mutate({ key, value }, { onSuccess: () => toast.success(t('updated')), onError: toastError });
  }

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2, p: 2 }} data-testid="settings-options">
      {OPTION_KEYS.map((key) => (
        <TextField
          key={key}
          select
          size="small"
          label={t(`keys.${key}`)}
          value={valueOf(key)}
          disabled={settings.isPending}
          onChange={(e) => change(key, e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `setting-${key}` }, select: { SelectDisplayProps: { 'data-testid': `setting-${key}-select` } as object } }}
        >
          {(SETTINGS[key].values as readonly string[]).map((value) => (
            <MenuItem key={value} value={value} data-testid={`setting-${key}-${value}`}>
              {t(`values.${key}.${value}`, { defaultValue: t(`values.${value}`) })}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
