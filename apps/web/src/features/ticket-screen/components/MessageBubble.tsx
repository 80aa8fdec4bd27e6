import type { Message } from '@atende/contract';
import BlockIcon from '@mui/icons-material/Block';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
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
      <button
        type="button"
        className="message-menu"
        aria-label={t('message.menu')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`message-menu-${message.id}`}
      >
        <ExpandMoreIcon fontSize="small" />
      </button>
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

/**
 * The bubbles' looks, given once to the conversation that holds them (see MessageList): a
 * conversation draws dozens of bubbles at once, and plain elements with these classes cost one
 * style rule set instead of some ten styled components per bubble. Lengths carry their unit: the
 * list applies these through `sx`, where a bare number is a multiple of the theme's spacing or
 * radius.
 */
export const bubbleStyles = (theme: Theme) =>
  ({
    '& .message-row': { display: 'flex', justifyContent: 'flex-start', padding: theme.spacing(0.5, 2) },
    '& .message-row-mine': { justifyContent: 'flex-end' },
    '& .message': {
      position: 'relative',
      maxWidth: '75%',
      minWidth: 90,
      padding: theme.spacing(0.75, 1.25, 0.5),
      borderRadius: `${Number(theme.shape.borderRadius) * 2}px`,
      boxShadow: theme.shadows[1],
      backgroundColor: theme.palette.background.paper,
      color: theme.palette.text.primary,
    },
    '& .message[data-from-me="true"]': { backgroundColor: theme.palette.mode === 'light' ? '#dcf8c6' : '#005c4b' },
    '& .message:hover .message-menu': { opacity: 1 },
    '& .message-menu': {
      position: 'absolute',
      top: 0,
      right: 0,
      display: 'inline-flex',
      padding: '2px',
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: theme.palette.action.active,
      cursor: 'pointer',
      opacity: 1,
      [theme.breakpoints.up('md')]: { opacity: 0 },
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { opacity: 1, backgroundColor: theme.palette.action.focus, outline: 'none' },
    },
    '& .message-quote': {
      borderLeft: `4px solid ${theme.palette.primary.main}`,
      backgroundColor: theme.palette.action.hover,
      borderRadius: `${theme.shape.borderRadius}px`,
      padding: theme.spacing(0.5, 1),
      marginBottom: theme.spacing(0.5),
    },
    '& .message-quote-mine': { borderLeftColor: theme.palette.success.main },
    '& .message-quote-text': { ...theme.typography.caption, display: 'block', whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 60, overflow: 'hidden' },
    '& .message-deleted': { display: 'flex', alignItems: 'center', gap: theme.spacing(0.5), color: theme.palette.text.secondary },
    '& .message-deleted-text': { ...theme.typography.body2, fontStyle: 'italic' },
    '& .message-body': { ...theme.typography.body2, whiteSpace: 'pre-wrap', wordBreak: 'break-word', paddingRight: theme.spacing(2) },
    '& .message-meta': { ...theme.typography.caption, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: theme.spacing(0.5), color: theme.palette.text.secondary },
    '& .message-meta-error': { color: theme.palette.error.main },
  }) as const;

/** A message as the agent sees it: theirs on the right with ticks, the customer's on the left. */
export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { message } = props;
  const { t } = useTranslation('ticketScreen');
  const mine = message.fromMe;
  const showBody = !message.isDeleted && message.body && !BODY_IS_DATA.has(message.mediaType);
  return (
    <div className={mine ? 'message-row message-row-mine' : 'message-row'}>
      <div className="message" data-testid={`message-${message.id}`} data-from-me={mine} data-media-type={message.mediaType}>
        {!message.isDeleted && <MessageMenu {...props} />}
        {message.quotedMsg && (
          <div className={message.quotedMsg.fromMe ? 'message-quote message-quote-mine' : 'message-quote'} data-testid="message-quote">
            <span className="message-quote-text">{messageSummary(message.quotedMsg, t)}</span>
          </div>
        )}
        {message.isDeleted ? (
          <div className="message-deleted" data-testid="message-deleted">
            <BlockIcon sx={{ fontSize: 16 }} />
            <span className="message-deleted-text">{t('message.deleted')}</span>
          </div>
        ) : (
          <MessageMedia message={message} />
        )}
        {showBody && (
          <div className="message-body" data-testid="message-body">
            <FormattedText text={message.body} />
          </div>
        )}
        <div className="message-meta">
          {message.isEdited && !message.isDeleted && <span data-testid="message-edited">{t('message.edited')}</span>}
          {message.delivery === 'failed' && <span className="message-meta-error">{t('message.failed')}</span>}
          {message.delivery === 'sent' && message.errorCode && (
            // A delete or edit WhatsApp kept refusing: done here, not on the customer's phone.
            <span className="message-meta-error" title={errorMessage({ error: message.errorCode })} data-testid="message-not-on-phone">
              {t('message.notOnPhone')}
            </span>
          )}
          <span>{format(parseISO(message.createdAt), 'HH:mm')}</span>
          {mine && <AckIcon message={message} />}
        </div>
      </div>
    </div>
  );
});
