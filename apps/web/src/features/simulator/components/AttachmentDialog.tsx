import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { guessMediaType, MEDIA_TYPES, readAsBase64, type MediaType } from '../attachments';
import type { OutgoingMessage } from '../outgoing';

interface Props {
  file: File;
  onClose: () => void;
  onSend: (message: OutgoingMessage) => void;
}

/** Sends a picked file as the WhatsApp media type chosen (guessed from the file), with a caption. */
export function AttachmentDialog({ file, onClose, onSend }: Props) {
  const { t } = useTranslation('simulator');
  const { t: tc } = useTranslation();
  const [mediaType, setMediaType] = useState<MediaType>(() => guessMediaType(file));
  const [caption, setCaption] = useState('');
  const [reading, setReading] = useState(false);
  // Voice notes and stickers carry no caption on WhatsApp.
  const captioned = mediaType !== 'voice' && mediaType !== 'sticker';

  async function send() {
    setReading(true);
    try {
      const dataBase64 = await readAsBase64(file);
      onSend({
        mediaType,
        dataBase64,
        mimeType: file.type || 'application/octet-stream',
        fileName: file.name,
        ...(captioned && caption.trim() ? { body: caption } : {}),
      });
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setReading(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="simulator-attachment-dialog">
      <DialogTitle>{t('attachment.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-all' }}>
          {file.name} ({file.type || '?'})
        </Typography>
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('attachment.type')}
          value={mediaType}
          onChange={(e) => setMediaType(e.target.value as MediaType)}
          slotProps={{ htmlInput: { 'data-testid': 'simulator-attachment-type' } }}
        >
          {MEDIA_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`mediaTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {captioned && (
          <TextField
            fullWidth
            margin="dense"
            label={t('attachment.caption')}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 4096, 'data-testid': 'simulator-attachment-caption' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {tc('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={reading} data-testid="simulator-attachment-send">
          {t('send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
