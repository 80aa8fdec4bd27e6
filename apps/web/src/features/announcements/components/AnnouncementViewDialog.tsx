import type { Announcement } from '@atende/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiAddress } from '../../../lib/api';

/** One announcement read in full: title, its image when it has one, the text and 'Fechar'. */
export function AnnouncementViewDialog({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="announcement-view" aria-labelledby="announcement-view-title">
      <DialogTitle id="announcement-view-title">{announcement.title}</DialogTitle>
      <DialogContent dividers>
        {announcement.mediaPath && (
          <Box
            component="img"
            src={apiAddress(announcement.mediaPath)}
            alt={announcement.mediaName ?? ''}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 360, mx: 'auto', mb: 2, objectFit: 'contain' }}
            data-testid="announcement-view-image"
          />
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="announcement-view-text">
          {announcement.text}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="announcement-view-close">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
