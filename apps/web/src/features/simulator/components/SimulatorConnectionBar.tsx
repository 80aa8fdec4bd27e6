import QrCodeIcon from '@mui/icons-material/QrCode';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { ConnectionStatusLabel } from '../../connections';
import type { ConnectionRow } from '../../connections';
import { useNewQr, useScan } from '../api';
import { FaultsMenu } from './FaultsMenu';

interface Props {
  connections: ConnectionRow[];
  selected: ConnectionRow | null;
  onSelect: (id: number) => void;
}

/** Which simulated phone line is played, its status, the QR scan and the faults. */
export function SimulatorConnectionBar({ connections, selected, onSelect }: Props) {
  const { t } = useTranslation('simulator');
  const scan = useScan();
  const newQr = useNewQr();
  // The phone can only scan while the connection shows a QR (or waits for its pairing code).
  const waitsForScan = selected?.status === 'qrcode' || selected?.status === 'PAIRING';
  // A line that stopped waiting (QR expired, disconnected) gets a new QR from here: no trip to Conexões.
  const stopped = selected?.status === 'DISCONNECTED';

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
      <TextField
        select
        size="small"
        label={t('connection')}
        value={selected?.id ?? ''}
        onChange={(e) => onSelect(Number(e.target.value))}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'simulator-connection' } }}
      >
        {connections.map((connection) => (
          <MenuItem key={connection.id} value={connection.id}>
            {connection.name}
          </MenuItem>
        ))}
      </TextField>
      {selected && <ConnectionStatusLabel id={selected.id} status={selected.status} />}
      {selected && waitsForScan && (
        <Button
          variant="contained"
          startIcon={<QrCodeScannerIcon />}
          disabled={scan.isPending}
          onClick={() => scan.mutate(selected.id, { onError: toastError })}
          data-testid="simulator-scan"
        >
          {t('scan')}
        </Button>
      )}
      {selected && stopped && (
        <Button
          variant="contained"
          startIcon={<QrCodeIcon />}
          disabled={newQr.isPending}
          onClick={() => newQr.mutate(selected.id, { onError: toastError })}
          data-testid="simulator-new-qr"
        >
          {t('newQr')}
        </Button>
      )}
      <FaultsMenu whatsappId={selected?.id ?? null} />
    </Box>
  );
}
