import type { Message } from '@atende/contract';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { vcardName, vcardPhones } from '../../../lib/vcard';
import { downloadMedia, useMediaBlob } from '../useMediaBlob';

function Unavailable() {
  const { t } = useTranslation('ticketScreen');
  return (
    <Typography variant="caption" color="text.secondary" data-testid="media-unavailable">
      {t('message.mediaUnavailable')}
    </Typography>
  );
}

function AuthenticatedImage({ message, small }: { message: Message; small?: boolean }) {
  const { t } = useTranslation('ticketScreen');
  const blob = useMediaBlob(message.mediaUrl);
  if (blob.status === 'loading') return <Skeleton variant="rectangular" width={small ? 96 : 240} height={small ? 96 : 180} data-testid="media-loading" />;
  if (blob.status === 'error') return <Unavailable />;
  return (
    <a href={blob.url} target="_blank" rel="noopener noreferrer">
      <Box
        component="img"
        src={blob.url}
        alt={message.mediaName ?? t('mediaTypes.image')}
        data-testid="message-image"
        sx={{ display: 'block', maxWidth: small ? 96 : 280, maxHeight: small ? 96 : 280, borderRadius: 1, objectFit: 'cover' }}
      />
    </a>
  );
}

function AuthenticatedPlayer({ message, kind }: { message: Message; kind: 'audio' | 'video' }) {
  const blob = useMediaBlob(message.mediaUrl);
  if (blob.status === 'loading') return <Skeleton variant="rectangular" width={240} height={kind === 'audio' ? 40 : 160} data-testid="media-loading" />;
  if (blob.status === 'error') return <Unavailable />;
  return kind === 'audio' ? (
    <audio controls src={blob.url} data-testid="message-audio" style={{ maxWidth: 280 }} />
  ) : (
    <Box component="video" controls src={blob.url} data-testid="message-video" sx={{ maxWidth: 280, maxHeight: 280, borderRadius: 1 }} />
  );
}

function FileDownload({ message }: { message: Message }) {
  const { t } = useTranslation('ticketScreen');
  const name = message.mediaName || t('mediaTypes.application');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="message-file">
      <InsertDriveFileIcon color="action" />
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {name}
      </Typography>
      {message.mediaUrl && (
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => downloadMedia(message.mediaUrl!, name).catch(toastError)}
          data-testid="message-download"
        >
          {t('message.download')}
        </Button>
      )}
    </Box>
  );
}

function LocationCard({ location }: { location: NonNullable<Message['location']> }) {
  const { t } = useTranslation('ticketScreen');
  const href = `https://www.google.com/maps?q=${location.latitude},${location.longitude}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="message-location">
      <LocationOnIcon color="error" />
      <Box>
        <Typography variant="body2">{location.name || t('message.location')}</Typography>
        <Link variant="caption" href={href} target="_blank" rel="noopener noreferrer">
          {t('message.openMap')}
        </Link>
      </Box>
    </Box>
  );
}

function ContactCard({ vcard }: { vcard: string }) {
  const { t } = useTranslation('ticketScreen');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="message-vcard">
      <ContactPhoneIcon color="primary" />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {vcardName(vcard) || t('message.contact')}
        </Typography>
        {vcardPhones(vcard).map((phone) => (
          <Typography key={phone} variant="caption" component="div" color="text.secondary">
            {phone}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** What a message shows above its text, by media type. Null for plain text. */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation('ticketScreen');
  switch (message.mediaType) {
    case 'image':
      return <AuthenticatedImage message={message} />;
    case 'sticker':
      return <AuthenticatedImage message={message} small />;
    case 'audio':
    case 'video':
      return <AuthenticatedPlayer message={message} kind={message.mediaType} />;
    case 'application':
      return <FileDownload message={message} />;
    case 'locationMessage':
      return message.location ? <LocationCard location={message.location} /> : <Unavailable />;
    case 'vcard':
      return <ContactCard vcard={message.vcard ?? message.body} />;
    case 'call_log':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="message-call">
          <PhoneMissedIcon color="error" fontSize="small" />
          <Typography variant="body2">{t('message.missedCall')}</Typography>
        </Box>
      );
    default:
      return null;
  }
}

/** Media whose body is data, not a caption to show. */
export const BODY_IS_DATA = new Set<Message['mediaType']>(['vcard', 'call_log', 'locationMessage']);
