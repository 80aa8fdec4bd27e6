import type { SimulatorConversationEntry } from '@atende/contract';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { vcardName } from '../attachments';
import { AckTicks, SeenMark } from './AckTicks';
import { FormattedText, plainText } from '../../../lib/whatsappText';

interface Props {
  entry: SimulatorConversationEntry;
  /** The entry this one replies to, when it is in the conversation. */
  quoted: SimulatorConversationEntry | undefined;
  onReply: (entry: SimulatorConversationEntry) => void;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One line of text that stands for an entry (the reply preview and quotes). */
export function entrySummary(entry: SimulatorConversationEntry, t: (key: string) => string): string {
  if (entry.deleted) return t('entry.deleted');
  if (entry.kind === 'call_log') return t('entry.voiceCall');
  if (entry.reaction) return entry.reaction.emoji;
  if (entry.body) return plainText(entry.body);
  if (entry.media) return entry.media.fileName || `${t(`mediaTypes.${entry.kind}`)} (${entry.media.mimeType})`;
  if (entry.location) return t('entry.location');
  if (entry.vcard) return vcardName(entry.vcard) || t('entry.contact');
  return entry.kind;
}

function EntryContent({ entry }: { entry: SimulatorConversationEntry }) {
  const { t } = useTranslation('simulator');
  if (entry.deleted) {
    return <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{t('entry.deleted')}</Typography>;
  }
  if (entry.reaction) return <Typography variant="body2">{t('entry.reaction', { emoji: entry.reaction.emoji })}</Typography>;
  if (entry.kind === 'call_log') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <PhoneMissedIcon fontSize="small" color="error" />
        <Typography variant="body2">{t(entry.body === 'video' ? 'entry.videoCall' : 'entry.voiceCall')}</Typography>
      </Box>
    );
  }
  return (
    <>
      {entry.media && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <InsertDriveFileIcon fontSize="small" />
          <Typography variant="body2">
            {t(`mediaTypes.${entry.kind}`, { defaultValue: entry.kind })}: {entry.media.fileName || entry.media.mimeType} ({sizeText(entry.media.size)})
          </Typography>
        </Box>
      )}
      {entry.location && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LocationOnIcon fontSize="small" color="error" />
          <Link
            variant="body2"
            href={`https://www.openstreetmap.org/?mlat=${entry.location.latitude}&mlon=${entry.location.longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            {entry.location.name || `${entry.location.latitude}, ${entry.location.longitude}`}
          </Link>
        </Box>
      )}
      {entry.vcard && <Typography variant="body2">{t('entry.contactCard', { name: vcardName(entry.vcard) || '?' })}</Typography>}
      {entry.body && !entry.vcard && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          <FormattedText text={entry.body} />
        </Typography>
      )}
    </>
  );
}

/**
 * An entry as the customer's phone shows it: the customer's own messages ('in' to the business)
 * on the right, the business's on the left with their ticks.
 */
export function ConversationEntryBubble({ entry, quoted, onReply }: Props) {
  const { t } = useTranslation('simulator');
  const mine = entry.direction === 'in';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', px: 1.5, py: 0.5 }}>
      <Box
        data-testid={`simulator-entry-${entry.id}`}
        data-direction={entry.direction}
        sx={{
          maxWidth: '75%',
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          bgcolor: (theme) => (mine ? (theme.palette.mode === 'light' ? '#d9fdd3' : '#005c4b') : 'background.paper'),
          boxShadow: 1,
          position: 'relative',
          '&:hover .simulator-reply': { opacity: 1 },
        }}
      >
        {entry.quotedId && (
          <Box sx={{ borderLeft: 3, borderColor: 'secondary.main', pl: 1, mb: 0.5, opacity: 0.8 }} data-testid="simulator-entry-quote">
            <Typography variant="caption" noWrap component="div">
              {quoted ? entrySummary(quoted, t) : t('entry.quotedMissing')}
            </Typography>
          </Box>
        )}
        <EntryContent entry={entry} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25 }}>
          {entry.edited && !entry.deleted && <Typography variant="caption" color="text.secondary">{t('entry.edited')}</Typography>}
          <Typography variant="caption" color="text.secondary">
            {format(new Date(entry.timestamp), 'HH:mm')}
          </Typography>
          {!mine && entry.ack !== undefined && <AckTicks ack={entry.ack} />}
          {mine && entry.seenByBusiness && <SeenMark />}
          {!entry.deleted && (
            <IconButton
              className="simulator-reply"
              size="small"
              aria-label={t('reply')}
              title={t('reply')}
              onClick={() => onReply(entry)}
              sx={{ p: 0.25, opacity: { xs: 1, md: 0.4 } }}
              data-testid={`simulator-reply-${entry.id}`}
            >
              <ReplyIcon sx={{ fontSize: 16 }} />
            </IconButton>
          )}
        </Box>
      </Box>
    </Box>
  );
}
