import { MESSAGE_BODY_MAX, UPLOADS, type Message, type Ticket } from '@atende/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../app/auth';
import { EmojiButton } from '../../../components/EmojiButton';
import { toastError } from '../../../lib/errors';
import { filesWithinLimit, uploadLimitHint } from '../../../lib/uploads';
import { useSendMessage } from '../api';
import { readSignPreference, signedBody, storeSignPreference } from '../composer';
import { AudioRecorder } from './AudioRecorder';
import { QuickReplies, VariablesButton } from './ComposerExtras';
import { messageSummary } from './MessageBubble';

/** The input grows up to 5 rows. */
const MAX_ROWS = 5;
/** The length counter shows from here on, so the limit never comes as a surprise. */
export const LENGTH_COUNTER_FROM = 3500;

interface Props {
  ticket: Pick<Ticket, 'id' | 'status'>;
  replyTo: Message | null;
  onClearReply: () => void;
}

function ReplyPreview({ message, onClear }: { message: Message; onClear: () => void }) {
  const { t } = useTranslation('ticketScreen');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pt: 1 }} data-testid="reply-preview">
      <Box sx={{ flex: 1, borderLeft: 4, borderColor: message.fromMe ? 'success.main' : 'primary.main', bgcolor: 'action.hover', borderRadius: 1, px: 1, py: 0.5 }}>
        <Typography variant="caption" noWrap component="div">
          {messageSummary(message, t)}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={t('input.cancelReply')} onClick={onClear} data-testid="reply-cancel">
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function LengthCounter({ length }: { length: number }) {
  const { t, i18n } = useTranslation('ticketScreen');
  const number = new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : i18n.language);
  const tooLong = length > MESSAGE_BODY_MAX;
  return (
    <Typography
      variant="caption"
      component="div"
      role={tooLong ? 'alert' : undefined}
      color={tooLong ? 'error' : 'text.secondary'}
      sx={{ px: 2, textAlign: 'right' }}
      data-testid="composer-length"
    >
      {tooLong && `${t('input.tooLong', { max: number.format(MESSAGE_BODY_MAX) })} `}
      {`${number.format(length)} / ${number.format(MESSAGE_BODY_MAX)}`}
    </Typography>
  );
}

/**
 * The message input: Enter sends and Shift+Enter breaks the line; emoji,
 * variables, files with a caption, voice recording, quick replies on '/', the optional
 * signature. A ticket that is not open (closed or waiting) blocks it until it is accepted or reopened.
 */
export function MessageInput({ ticket, replyTo, onClearReply }: Props) {
  const { t } = useTranslation('ticketScreen');
  const me = useSessionUser();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sign, setSign] = useState(readSignPreference);
  const [recording, setRecording] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const send = useSendMessage(ticket.id);
  const blocked = ticket.status !== 'open';
  // On a phone the long hint would fill three lines of a narrow box.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // What counts is what leaves: the signature line is part of the text WhatsApp receives.
  const length = signedBody(text.trim(), me.name, sign).length;
  const tooLong = length > MESSAGE_BODY_MAX;

  const insert = (piece: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + piece + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + piece.length, start + piece.length);
    });
  };

  const submit = () => {
    const body = text.trim();
    if (blocked || send.isPending || tooLong || (!body && files.length === 0)) return;
    // The input empties as soon as the send leaves, before the message comes back live: an agent
    // never sees the same words twice. A refused send puts them back, ahead of anything typed since.
    const sentText = text;
    const sentFiles = files;
    setText('');
    setFiles([]);
    send.mutate(
      { body: signedBody(body, me.name, sign), quotedMsg: replyTo, files: sentFiles },
      {
        onSuccess: onClearReply,
        onError: (error) => {
          setText((current) => (current.trim() ? `${sentText}\n${current}` : sentText));
          setFiles((current) => [...sentFiles, ...current]);
          toastError(error);
        },
      },
    );
  };

  const sendRecording = useCallback((file: File) => send.mutateAsync({ body: '', files: [file], quotedMsg: replyTo }).then(onClearReply), [send, replyTo, onClearReply]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const toggleSign = (next: boolean) => {
    setSign(next);
    storeSignPreference(next);
  };

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: 'divider', position: 'relative' }} data-testid="message-input">
      {!blocked && <QuickReplies text={text} onPick={(reply) => setText(reply.message)} />}
      {replyTo && !blocked && <ReplyPreview message={replyTo} onClear={onClearReply} />}
      {files.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, pt: 1 }} data-testid="attachments">
          {files.map((file, index) => (
            <Chip key={`${file.name}-${index}`} label={file.name} size="small" onDelete={() => setFiles(files.filter((_, i) => i !== index))} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1 }}>
        <EmojiButton label={t('input.emoji')} testId="composer-emoji" opensUp disabled={blocked || recording} onPick={insert} />
        <VariablesButton disabled={blocked || recording} onPick={insert} />
        <IconButton aria-label={t('input.attach')} title={`${t('input.attach')} (${uploadLimitHint()})`} disabled={blocked || recording} onClick={() => fileRef.current?.click()} data-testid="composer-attach">
          <AttachFileIcon />
        </IconButton>
        <input
          ref={fileRef}
          type="file"
          multiple
          hidden
          data-testid="composer-files"
          onChange={(e) => {
            const chosen = filesWithinLimit(Array.from(e.target.files ?? []));
            if (chosen.length) setFiles((current) => [...current, ...chosen].slice(0, UPLOADS.filesPerMessage));
            e.target.value = '';
          }}
        />
        <Box sx={{ flex: 1, minWidth: 0, bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 0.75, visibility: recording ? 'hidden' : 'visible' }}>
          <InputBase
            inputRef={inputRef}
            fullWidth
            multiline
            maxRows={MAX_ROWS}
            disabled={blocked}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={blocked ? t('input.blocked') : files.length ? t('input.caption') : t(narrow ? 'input.placeholderShort' : 'input.placeholder')}
            inputProps={{ 'data-testid': 'composer-text', 'aria-label': t('input.placeholder') }}
          />
        </Box>
        {text.trim() || files.length ? (
          <IconButton color="primary" aria-label={t('input.send')} title={t('input.send')} disabled={blocked || send.isPending || tooLong} onClick={submit} data-testid="composer-send">
            <SendIcon />
          </IconButton>
        ) : (
          <AudioRecorder disabled={blocked} onRecorded={sendRecording} onActiveChange={setRecording} />
        )}
      </Box>
      {!blocked && length > LENGTH_COUNTER_FROM && <LengthCounter length={length} />}
      {!blocked && (
        <FormControlLabel
          sx={{ ml: 1, mb: 0.5 }}
          control={<Switch size="small" checked={sign} onChange={(e) => toggleSign(e.target.checked)} data-testid="composer-sign" />}
          label={<Typography variant="caption">{t('input.sign')}</Typography>}
        />
      )}
    </Paper>
  );
}
