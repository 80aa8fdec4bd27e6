import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import HeadsetIcon from '@mui/icons-material/Headset';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Blue as WhatsApp's read ticks. */
const READ_BLUE = '#34b7f1';

/**
 * WhatsApp's ticks for a message the business sent: 1 sent (one grey tick), 2 delivered (two
 * grey), 3 read (two blue), 4 played (two blue and a headset: a voice note was listened to).
 */
export function AckTicks({ ack }: { ack: number }) {
  const { t } = useTranslation('simulator');
  const level = Math.max(0, Math.min(4, Math.trunc(ack)));
  if (level === 0) return null;
  const label = t(`acks.${level}`);
  const sx = { fontSize: 16, color: level >= 3 ? READ_BLUE : 'text.secondary' };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }} title={label} aria-label={label} data-testid="simulator-ack" data-ack={level}>
      {level === 1 ? <DoneIcon sx={sx} /> : <DoneAllIcon sx={sx} />}
      {level === 4 && <HeadsetIcon sx={{ ...sx, fontSize: 14 }} />}
    </Box>
  );
}

/** The customer's own message once the business opened it. */
export function SeenMark() {
  const { t } = useTranslation('simulator');
  return (
    <Box component="span" sx={{ display: 'inline-flex' }} title={t('seenByBusiness')} aria-label={t('seenByBusiness')} data-testid="simulator-seen">
      <DoneAllIcon sx={{ fontSize: 16, color: READ_BLUE }} />
    </Box>
  );
}
