import { CAMPAIGN_CONFIRMATION_FIELDS, CAMPAIGN_MESSAGE_FIELDS } from '@atende/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CampaignFormValues } from '../campaignForm';

interface MessageTabsProps {
  register: UseFormRegister<CampaignFormValues>;
  /** Confirmation on: each tab also holds its confirmation variant. */
  confirmation: boolean;
  readOnly: boolean;
}

/** The five message variants, one tab each; each contact receives one of them at random. */
export function MessageTabs({ register, confirmation, readOnly }: MessageTabsProps) {
  const { t } = useTranslation('campaigns');
  const [tab, setTab] = useState(0);
  const text = (name: keyof CampaignFormValues, label: string, testId: string) => (
    <TextField
      {...register(name)}
      label={label}
      multiline
      minRows={4}
      fullWidth
      margin="dense"
      disabled={readOnly}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
  return (
    <Box sx={{ mt: 1 }}>
      <Tabs value={tab} onChange={(_e, next: number) => setTab(next)} variant="scrollable" data-testid="campaign-message-tabs">
        {CAMPAIGN_MESSAGE_FIELDS.map((field, i) => (
          <Tab key={field} label={t('dialog.messageTab', { n: i + 1 })} data-testid={`campaign-tab-${i + 1}`} />
        ))}
      </Tabs>
      {CAMPAIGN_MESSAGE_FIELDS.map((field, i) => (
        // Every tab stays mounted (hidden) so each variant keeps its registered field.
        <Box key={field} hidden={tab !== i} role="tabpanel">
          {text(field, t('dialog.message', { n: i + 1 }), `campaign-${field}`)}
          {confirmation && text(CAMPAIGN_CONFIRMATION_FIELDS[i]!, t('dialog.confirmationMessage', { n: i + 1 }), `campaign-${CAMPAIGN_CONFIRMATION_FIELDS[i]}`)}
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary">
        {t('dialog.variablesHint')}
      </Typography>
    </Box>
  );
}
