import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildVcard } from '../attachments';
import { CUSTOMER_NUMBER, customerNumber } from '../customers';
import type { OutgoingMessage } from '../outgoing';

interface Props {
  onClose: () => void;
  onSend: (message: OutgoingMessage) => void;
}

function ShareDialog({ title, testId, onClose, onSubmit, children }: { title: string; testId: string; onClose: () => void; onSubmit: () => boolean; children: ReactNode }) {
  const { t } = useTranslation('simulator');
  const { t: tc } = useTranslation();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (onSubmit()) onClose();
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid={testId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid={`${testId}-send`}>
            {t('send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The customer shares a location (São Paulo's centre to start with). */
export function LocationDialog({ onClose, onSend }: Props) {
  const { t } = useTranslation('simulator');
  const [latitude, setLatitude] = useState('-23.5505');
  const [longitude, setLongitude] = useState('-46.6333');
  const lat = Number(latitude);
  const lng = Number(longitude);
  const latInvalid = latitude.trim() === '' || !Number.isFinite(lat) || Math.abs(lat) > 90;
  const lngInvalid = longitude.trim() === '' || !Number.isFinite(lng) || Math.abs(lng) > 180;

  return (
    <ShareDialog
      title={t('location.title')}
      testId="simulator-location-dialog"
      onClose={onClose}
      onSubmit={() => {
        if (latInvalid || lngInvalid) return false;
        onSend({ latitude: lat, longitude: lng });
        return true;
      }}
    >
      <TextField fullWidth margin="dense" label={t('location.latitude')} value={latitude} onChange={(e) => setLatitude(e.target.value)} error={latInvalid} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField fullWidth margin="dense" label={t('location.longitude')} value={longitude} onChange={(e) => setLongitude(e.target.value)} error={lngInvalid} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    </ShareDialog>
  );
}

/** The customer shares a contact card (vCard) of someone else. */
export function ContactCardDialog({ onClose, onSend }: Props) {
  const { t } = useTranslation('simulator');
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const nameInvalid = touched && !name.trim();
  const numberInvalid = touched && !CUSTOMER_NUMBER.test(customerNumber(number));

  return (
    <ShareDialog
      title={t('contactCard.title')}
      testId="simulator-contact-dialog"
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        const digits = customerNumber(number);
        if (!name.trim() || !CUSTOMER_NUMBER.test(digits)) return false;
        onSend({ vcard: buildVcard(name.trim(), digits), body: name.trim() });
        return true;
      }}
    >
      <TextField fullWidth margin="dense" label={t('contactCard.name')} value={name} onChange={(e) => setName(e.target.value)} error={nameInvalid} slotProps={{ htmlInput: { 'data-testid': 'simulator-contact-name' } }} />
      <TextField
        fullWidth
        margin="dense"
        label={t('contactCard.number')}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={numberInvalid}
        helperText={numberInvalid ? t('customers.invalidNumber') : undefined}
        slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'simulator-contact-number' } }}
      />
    </ShareDialog>
  );
}
