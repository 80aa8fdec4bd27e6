import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SessionCommand } from '../api';
import type { ConnectionRow } from '../connectionsCache';

export interface SessionActionsProps {
  connection: ConnectionRow;
  /** A session command of this row is on its way: its buttons wait. */
  busy: boolean;
  onShowQr: (connection: ConnectionRow) => void;
  onCommand: (connection: ConnectionRow, command: SessionCommand) => void;
}

/**
 * Actions per status: qrcode offers the QR dialog; DISCONNECTED offers try again
 * and new QR; CONNECTED, PAIRING and TIMEOUT offer disconnect; OPENING shows a disabled
 * connecting button with a spinner.
 */
export function SessionActions({ connection, busy, onShowQr, onCommand }: SessionActionsProps) {
  const { t } = useTranslation('connections');
  const { id, status } = connection;
  const small = { size: 'small', disabled: busy } as const;

  switch (status) {
    case 'qrcode':
      return (
        <Button {...small} variant="contained" onClick={() => onShowQr(connection)} data-testid={`connection-qrcode-${id}`}>
          {t('buttons.qrcode')}
        </Button>
      );
    case 'DISCONNECTED':
      return (
        <Box sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button {...small} variant="outlined" onClick={() => onCommand(connection, 'tryAgain')} data-testid={`connection-try-again-${id}`}>
            {t('buttons.tryAgain')}
          </Button>
          <Button {...small} variant="outlined" color="secondary" onClick={() => onCommand(connection, 'newQr')} data-testid={`connection-new-qr-${id}`}>
            {t('buttons.newQr')}
          </Button>
        </Box>
      );
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
          <Button {...small} variant="outlined" color="secondary" onClick={() => onCommand(connection, 'disconnect')} data-testid={`connection-disconnect-${id}`}>
            {t('buttons.disconnect')}
          </Button>
          {/* The code to type on the phone is useless unless it is shown where the pairing waits. */}
          {status === 'PAIRING' && connection.pairingCode && (
            <Typography variant="caption" data-testid={`connection-pairing-code-${id}`}>
              {t('pairingCode', { code: connection.pairingCode })}
            </Typography>
          )}
        </Box>
      );
    case 'OPENING':
      return (
        <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={12} />} data-testid={`connection-connecting-${id}`}>
          {t('buttons.connecting')}
        </Button>
      );
    default:
      return null;
  }
}
