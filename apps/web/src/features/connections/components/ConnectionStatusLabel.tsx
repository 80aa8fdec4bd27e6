import type { ConnectionStatus } from '@atende/contract';
import CropFreeIcon from '@mui/icons-material/CropFree';
import SignalCellular4BarIcon from '@mui/icons-material/SignalCellular4Bar';
import SignalCellularConnectedNoInternet0BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SignalCellularConnectedNoInternet2BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet2Bar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { format, isValid, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';

function StatusIcon({ status }: { status: ConnectionStatus }) {
  switch (status) {
    case 'CONNECTED':
      return <SignalCellular4BarIcon fontSize="small" color="success" />;
    case 'qrcode':
      return <CropFreeIcon fontSize="small" color="warning" />;
    case 'TIMEOUT':
      return <SignalCellularConnectedNoInternet2BarIcon fontSize="small" color="warning" />;
    case 'DISCONNECTED':
      return <SignalCellularConnectedNoInternet0BarIcon fontSize="small" color="error" />;
    default:
      // OPENING and PAIRING are on their way somewhere: a spinner says so.
      return <CircularProgress size={16} />;
  }
}

/** When a lost connection tries again, as HH:mm; '' when no attempt is planned. */
function retryTime(status: ConnectionStatus, nextRetryAt: string | null | undefined): string {
  if (!nextRetryAt || (status !== 'TIMEOUT' && status !== 'DISCONNECTED')) return '';
  const date = parseISO(nextRetryAt);
  return isValid(date) ? format(date, 'HH:mm') : '';
}

/** Icon and translated label of a connection status, with what to do about it on hover. */
export function ConnectionStatusLabel({ id, status, nextRetryAt }: { id: number; status: ConnectionStatus; nextRetryAt?: string | null }) {
  const { t } = useTranslation('connections');
  const retryAt = retryTime(status, nextRetryAt);
  return (
    <Tooltip title={t(`statusHelp.${status}`, { defaultValue: '' })}>
      <Box
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
        data-testid={`connection-status-${id}`}
        data-status={status}
      >
        <StatusIcon status={status} />
        <Typography variant="body2" component="span">
          {t(`status.${status}`, { defaultValue: status })}
          {retryAt && (
            <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }} data-testid={`connection-next-retry-${id}`}>
              {t('nextRetryAt', { time: retryAt })}
            </Typography>
          )}
        </Typography>
      </Box>
    </Tooltip>
  );
}
