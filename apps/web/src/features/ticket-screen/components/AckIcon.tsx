import type { Message } from '@atende/contract';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

const READ_BLUE = '#34b7f1';

/**
 * The ticks of a message the business sent: 1 sent, 2 delivered, 3 read, 4 or 5 read (played).
 * Read is blue from 3 on, as WhatsApp draws it: grey double ticks would read as 'delivered'.
 * Not yet sent shows a clock; a failed one a red mark.
 */
export function AckIcon({ message }: { message: Pick<Message, 'ack' | 'delivery'> }) {
  const { t } = useTranslation('ticketScreen');
  const level = Math.max(0, Math.min(5, Math.trunc(message.ack)));
  if (message.delivery === 'failed') {
    return <ErrorOutlineIcon color="error" sx={{ fontSize: 16 }} titleAccess={t('message.failed')} data-testid="message-failed" />;
  }
  const label = level === 0 ? t('acks.pending') : t(`acks.${Math.min(level, 4)}`);
  const read = level >= 3;
  const sx = { fontSize: 16, color: read ? READ_BLUE : 'text.secondary' };
  return (
    <Box component="span" sx={{ display: 'inline-flex' }} title={label} aria-label={label} data-testid="message-ack" data-ack={level} data-coloured={read}>
      {level === 0 ? <AccessTimeIcon sx={sx} /> : level === 1 ? <DoneIcon sx={sx} /> : <DoneAllIcon sx={sx} />}
    </Box>
  );
}
