import type { SimulatorConversationEntry } from '@atende/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import ContactPageIcon from '@mui/icons-material/ContactPage';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { MAX_ATTACHMENT_BYTES } from '../attachments';
import type { OutgoingMessage } from '../outgoing';
import { AttachmentDialog } from './AttachmentDialog';
import { entrySummary } from './ConversationEntryBubble';
import { ContactCardDialog, LocationDialog } from './ShareDialogs';

interface Props {
  /** A send is on its way: the buttons wait, the text field stays usable. */
  disabled: boolean;
  replyTo: SimulatorConversationEntry | null;
  onCancelReply: () => void;
  onSend: (message: OutgoingMessage) => void;
}

type Sharing = 'location' | 'contact' | null;

/** The customer's keyboard: text, a file of any WhatsApp media type, a location, a contact card, a reply. */
export function Composer({ disabled, replyTo, onCancelReply, onSend }: Props) {
  const { t } = useTranslation('simulator');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sharing, setSharing] = useState<Sharing>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || disabled) return;
    onSend({ body: text });
    setText('');
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    // The same file picked twice in a row must still fire a change.
    event.target.value = '';
    if (!picked) return;
    if (picked.size > MAX_ATTACHMENT_BYTES) {
      toastError({ error: 'ERR_PAYLOAD_TOO_LARGE' });
      return;
    }
    setFile(picked);
  }

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}>
      {replyTo && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, pl: 1, borderLeft: 3, borderColor: 'secondary.main' }} data-testid="simulator-replying">
          <Typography variant="caption" sx={{ flex: 1 }} noWrap>
            {t('replyingTo', { text: entrySummary(replyTo, t) })}
          </Typography>
          <IconButton size="small" aria-label={t('cancelReply')} onClick={onCancelReply}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <Tooltip title={t('attach')}>
          <span>
            <IconButton disabled={disabled} onClick={() => fileInput.current?.click()} aria-label={t('attach')} data-testid="simulator-attach">
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <input ref={fileInput} type="file" hidden onChange={pick} data-testid="simulator-file" />
        <Tooltip title={t('location.title')}>
          <span>
            <IconButton disabled={disabled} onClick={() => setSharing('location')} aria-label={t('location.title')} data-testid="simulator-location">
              <LocationOnIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('contactCard.title')}>
          <span>
            <IconButton disabled={disabled} onClick={() => setSharing('contact')} aria-label={t('contactCard.title')} data-testid="simulator-contact">
              <ContactPageIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={4}
          placeholder={t('typeMessage')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter breaks the line, as on WhatsApp Web.
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
          slotProps={{ htmlInput: { maxLength: 4096, 'data-testid': 'simulator-text' } }}
        />
        <IconButton type="submit" color="primary" disabled={disabled || !text.trim()} aria-label={t('send')} data-testid="simulator-send">
          <SendIcon />
        </IconButton>
      </Box>
      {file && <AttachmentDialog file={file} onClose={() => setFile(null)} onSend={onSend} />}
      {sharing === 'location' && <LocationDialog onClose={() => setSharing(null)} onSend={onSend} />}
      {sharing === 'contact' && <ContactCardDialog onClose={() => setSharing(null)} onSend={onSend} />}
    </Box>
  );
}
