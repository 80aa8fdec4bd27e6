import type { Message } from '@atende/contract';
import BlockIcon from '@mui/icons-material/Block';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { format, parseISO } from 'date-fns';
import type { TFunction } from 'i18next';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { FormattedText, plainText } from '../../../lib/whatsappText';
import { AckIcon } from './AckIcon';
import { BODY_IS_DATA, MessageMedia } from './MessageMedia';

/** One line that stands for a message: in quotes and in the reply preview. */
export function messageSummary(message: Pick<Message, 'body' | 'mediaType'> & { isDeleted?: boolean }, t: TFunction<'ticketScreen'>): string {
  if (message.isDeleted) return t('message.deleted');
  if (message.body && !BODY_IS_DATA.has(message.mediaType)) return plainText(message.body);
  if (message.mediaType === 'chat') return plainText(message.body);
  return t(`mediaTypes.${message.mediaType}`, { defaultValue: message.mediaType });
}

export interface MessageActions {
  onReply?: (message: Message) => void;
  onDelete?: (message: Message) => void;
}

interface Props extends MessageActions {
  message: Message;
  /** The signed-in user: only their own messages offer deletion. */
  myUserId: number;
}

function MessageMenu({ message, myUserId, onReply, onDelete }: Props) {
  const { t } = useTranslation('ticketScreen');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mayDelete = Boolean(onDelete) && message.fromMe && message.userId === myUserId && !message.isDeleted;
  if (!onReply && !mayDelete) return null;
  return (
    <>
      <IconButton
        size="small"
        className="message-menu"
        aria-label={t('message.menu')}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ position: 'absolute', top: 0, right: 0, p: 0.25, opacity: { xs: 1, md: 0 } }}
        data-testid={`message-menu-${message.id}`}
      >
        <ExpandMoreIcon fontSize="small" />
      </IconButton>
      {/* Mounted only while open: a conversation draws dozens of bubbles at once. */}
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {onReply && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onReply(message);
              }}
              data-testid="message-reply"
            >
              {t('message.reply')}
            </MenuItem>
          )}
          {mayDelete && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onDelete?.(message);
              }}
              data-testid="message-delete"
            >
              {t('message.delete')}
            </MenuItem>
          )}
        </Menu>
      )}
    </>
  );
}

/** A message as the agent sees it: theirs on the right with ticks, the customer's on the left. */
export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { message } = props;
  const { t } = useTranslation('ticketScreen');
  const mine = message.fromMe;
  const showBody = !message.isDeleted && message.body && !BODY_IS_DATA.has(message.mediaType);
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', px: 2, py: 0.5 }}>
      <Box
        data-testid={`message-${message.id}`}
        data-from-me={mine}
        data-media-type={message.mediaType}
        sx={{
          position: 'relative',
          maxWidth: '75%',
          minWidth: 90,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          boxShadow: 1,
          bgcolor: (theme) => (mine ? (theme.palette.mode === 'light' ? '#dcf8c6' : '#005c4b') : 'background.paper'),
          '&:hover .message-menu': { opacity: 1 },
        }}
      >
        {!message.isDeleted && <MessageMenu {...props} />}
        {message.quotedMsg && (
          <Box sx={{ borderLeft: 4, borderColor: message.quotedMsg.fromMe ? 'success.main' : 'primary.main', bgcolor: 'action.hover', borderRadius: 1, px: 1, py: 0.5, mb: 0.5 }} data-testid="message-quote">
            <Typography variant="caption" component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 60, overflow: 'hidden' }}>
              {messageSummary(message.quotedMsg, t)}
            </Typography>
          </Box>
        )}
        {message.isDeleted ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }} data-testid="message-deleted">
            <BlockIcon sx={{ fontSize: 16 }} />
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {t('message.deleted')}
            </Typography>
          </Box>
        ) : (
          <MessageMedia message={message} />
        )}
        {showBody && (
          <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', pr: 2 }} data-testid="message-body">
            <FormattedText text={message.body} />
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
          {message.isEdited && !message.isDeleted && (
            <Typography variant="caption" color="text.secondary" data-testid="message-edited">
              {t('message.edited')}
            </Typography>
          )}
          {message.delivery === 'failed' && (
            <Typography variant="caption" color="error">
              {t('message.failed')}
            </Typography>
          )}
          {message.delivery === 'sent' && message.errorCode && (
            // A delete or edit WhatsApp kept refusing: done here, not on the customer's phone.
            <Typography variant="caption" color="error" title={errorMessage({ error: message.errorCode })} data-testid="message-not-on-phone">
              {t('message.notOnPhone')}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {format(parseISO(message.createdAt), 'HH:mm')}
          </Typography>
          {mine && <AckIcon message={message} />}
        </Box>
      </Box>
    </Box>
  );
});
