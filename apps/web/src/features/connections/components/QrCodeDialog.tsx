import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { useLiveEvent } from '../../live';
import { useConnection } from '../api';

/** The QR code is rendered at 256 px. */
export const QR_SIZE = 256;

export interface QrCodeDialogProps {
  connectionId: number;
  name: string;
  /** The code the list row already holds, shown while the fresh read is on its way. */
  initial?: Pairing;
  onClose: () => void;
}

export interface Pairing {
  qrcode: string;
  pairingCode?: string;
}

/**
 * Shows the connection's QR (or its pairing code). It refreshes the code on every
 * session update of this connection and closes itself when an update carries an empty qrcode,
 * which means the phone scanned it or the session moved on. An update that brings a pairing code
 * instead keeps it open to show that code.
 */
export default function QrCodeDialog({ connectionId, name, initial, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation('connections');
  const { t: tc } = useTranslation();
  const detail = useConnection(connectionId);
  const [live, setLive] = useState<Pairing | null>(null);

  useLiveEvent('whatsappSession', (payload) => {
    const session = payload?.session;
    if (payload?.action !== 'update' || !session || session.id !== connectionId) return;
    if (!session.qrcode && !session.pairingCode) {
      onClose();
      return;
    }
    setLive({ qrcode: session.qrcode, pairingCode: session.pairingCode });
  });

  useEffect(() => {
    if (detail.error) toastError(detail.error);
  }, [detail.error]);

  const read: Pairing | undefined = detail.data && { qrcode: detail.data.qrcode ?? '', pairingCode: detail.data.pairingCode };
  const current: Pairing = live ?? read ?? initial ?? { qrcode: '' };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="qrcode-dialog" aria-labelledby="qrcode-dialog-title">
      <DialogTitle id="qrcode-dialog-title">{t('qr.title', { name })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        {current.qrcode ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('qr.help')}
            </Typography>
            {/* A white quiet zone keeps the code readable by phone cameras in the dark theme too. */}
            <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1 }} data-testid="qrcode-image" data-qrcode={current.qrcode}>
              <QRCodeSVG value={current.qrcode} size={QR_SIZE} marginSize={0} />
            </Box>
          </>
        ) : (
          !current.pairingCode && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }} data-testid="qrcode-waiting">
              <CircularProgress size={20} />
              <Typography variant="body2">{t('qr.waiting')}</Typography>
            </Box>
          )
        )}
        {current.pairingCode && (
          <Box sx={{ textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('qr.pairingCode')}
            </Typography>
            <Typography variant="h5" sx={{ fontFamily: 'monospace', letterSpacing: 4 }} data-testid="qrcode-pairing-code">
              {current.pairingCode}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="qrcode-close">
          {tc('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
