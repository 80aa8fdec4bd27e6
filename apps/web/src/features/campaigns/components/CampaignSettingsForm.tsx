import {
  CAMPAIGN_INTERVAL_OPTIONS,
  CAMPAIGN_LONGER_OPTIONS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettings,
  type CampaignVariable,
} from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../../lib/errors';
import { useSaveCampaignSettings } from '../api';
import { addVariable } from '../campaignSettings';

type Intervals = Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>;

interface CampaignSettingsFormProps {
  settings: CampaignSettings | undefined;
}

/** The company's dispatch intervals (seconds) and its custom {shortcut} variables. */
export function CampaignSettingsForm({ settings }: CampaignSettingsFormProps) {
  const { t } = useTranslation('campaigns');
  const save = useSaveCampaignSettings();
  const [intervals, setIntervals] = useState<Intervals>(CAMPAIGN_SETTINGS_DEFAULTS);
  const [variables, setVariables] = useState<CampaignVariable[]>([]);
  const [draft, setDraft] = useState<CampaignVariable>({ key: '', value: '' });
  const [duplicate, setDuplicate] = useState(false);

  useEffect(() => {
    if (!settings) return;
    setIntervals({ messageInterval: settings.messageInterval, longerIntervalAfter: settings.longerIntervalAfter, greaterInterval: settings.greaterInterval });
    setVariables(settings.variables);
  }, [settings]);

  const select = (name: keyof Intervals, options: readonly number[], label: (n: number) => string) => (
    <TextField
      select
      fullWidth
      margin="dense"
      label={t(`settings.${name}`)}
      value={String(intervals[name])}
      onChange={(e) => setIntervals((current) => ({ ...current, [name]: Number(e.target.value) }))}
      slotProps={{ htmlInput: { 'data-testid': `campaign-settings-${name}` } }}
    >
      {options.map((n) => (
        <MenuItem key={n} value={String(n)} data-testid={`campaign-settings-${name}-${n}`}>
          {label(n)}
        </MenuItem>
      ))}
    </TextField>
  );
  const seconds = (n: number) => (n === 0 ? t('settings.noInterval') : t('settings.seconds', { count: n }));

  function onAdd() {
    const next = addVariable(variables, draft);
    if (next === null) {
      setDuplicate(true);
      return;
    }
    setVariables(next);
    setDraft({ key: '', value: '' });
    setDuplicate(false);
  }

  function onSave() {
    save.mutate({ ...intervals, variables }, { onSuccess: () => toast.success(t('settings.saved')), onError: toastError });
  }

  return (
    <Box sx={{ p: 2 }} data-testid="campaign-settings">
      <Typography variant="subtitle1" gutterBottom>
        {t('settings.intervals')}
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>{select('messageInterval', CAMPAIGN_INTERVAL_OPTIONS, seconds)}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {select('longerIntervalAfter', CAMPAIGN_LONGER_OPTIONS, (n) => (n === 0 ? t('settings.notDefined') : t('settings.afterMessages', { count: n })))}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>{select('greaterInterval', CAMPAIGN_LONGER_OPTIONS, seconds)}</Grid>
      </Grid>
      <Typography variant="subtitle1" sx={{ mt: 3 }} gutterBottom>
        {t('settings.variables')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('settings.shortcut')}
          value={draft.key}
          error={duplicate}
          helperText={duplicate ? t('settings.duplicateShortcut') : undefined}
          onChange={(e) => {
            setDraft((d) => ({ ...d, key: e.target.value }));
            setDuplicate(false);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-variable-key' } }}
        />
        <TextField
          size="small"
          label={t('settings.content')}
          value={draft.value}
          sx={{ flex: 1, minWidth: 200 }}
          onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-variable-value' } }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd} disabled={draft.key.trim() === ''} data-testid="campaign-variable-add">
          {t('settings.addVariable')}
        </Button>
      </Box>
      <Table size="small" sx={{ mt: 1 }} data-testid="campaign-variables">
        <TableHead>
          <TableRow>
            <TableCell>{t('settings.shortcut')}</TableCell>
            <TableCell>{t('settings.content')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {variables.map((variable) => (
            <TableRow key={variable.key} data-testid={`campaign-variable-${variable.key}`}>
              <TableCell>{`{${variable.key}}`}</TableCell>
              <TableCell>{variable.value}</TableCell>
              <TableCell align="right">
                <IconButton
                  size="small"
                  aria-label={t('settings.removeVariable')}
                  onClick={() => setVariables((all) => all.filter((v) => v.key !== variable.key))}
                  data-testid={`campaign-variable-remove-${variable.key}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={onSave} disabled={save.isPending || !settings} data-testid="campaign-settings-save">
          {t('settings.save')}
        </Button>
      </Box>
    </Box>
  );
}
