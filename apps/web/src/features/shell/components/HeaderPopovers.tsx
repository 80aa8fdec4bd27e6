import ForumIcon from '@mui/icons-material/Forum';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useVolume } from '../../../lib/useVolume';
import { HeaderPopover } from '../../../components/HeaderPopover';

function EmptyText({ children, testId }: { children: string; testId: string }) {
  return (
    <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-testid={testId}>
      {children}
    </Typography>
  );
}

/** The notifications pop-over lives with the tickets it lists. */
export { UnreadTicketsPopover as NotificationsPopover } from '../../tickets';

/** The announcements pop-over lives with the announcements it lists. */
export { AnnouncementsPopover } from '../../announcements';

/** The chats pop-over lives with the chats it lists. */
export { ChatsPopover } from '../../chats';

/** The volume of the new-message chime, from silent to full. */
export function VolumeSlider() {
  const { t } = useTranslation('shell');
  const [volume, setVolume] = useVolume();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, width: '100%' }}>
      <VolumeOffIcon fontSize="small" color="action" />
      <Slider
        aria-label={t('topbar.volume')}
        min={0}
        max={1}
        step={0.1}
        value={volume}
        onChange={(_event, value) => setVolume(Array.isArray(value) ? value[0] : value)}
        data-testid="volume-slider"
      />
      <VolumeUpIcon fontSize="small" color="action" />
    </Box>
  );
}

export function VolumePopover() {
  const { t } = useTranslation('shell');
  const [volume] = useVolume();
  return (
    <HeaderPopover label={t('topbar.volume')} testId="volume" width={220} icon={volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}>
      <VolumeSlider />
    </HeaderPopover>
  );
}
