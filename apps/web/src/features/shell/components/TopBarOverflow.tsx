import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import CachedIcon from '@mui/icons-material/Cached';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../../app/theme';
import { VolumeSlider } from './HeaderPopovers';

/**
 * On a phone the top bar keeps only what needs a glance (new tickets, chats, the account); the
 * theme, the chime volume and the reload wait behind one '⋮' button so the greeting has room.
 */
export function TopBarOverflow() {
  const { t } = useTranslation('shell');
  const { mode, toggle } = useColorMode();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton color="inherit" aria-label={t('topbar.more')} onClick={(e) => setAnchor(e.currentTarget)} data-testid="topbar-more">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ paper: { sx: { width: 240 } } }}>
        <MenuItem
          onClick={() => {
            toggle();
            close();
          }}
          data-testid="theme-toggle"
          data-mode={mode}
        >
          <ListItemIcon>{mode === 'dark' ? <Brightness7Icon fontSize="small" /> : <Brightness4Icon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t('topbar.toggleTheme')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            void queryClient.invalidateQueries();
            close();
          }}
          data-testid="reload"
        >
          <ListItemIcon>
            <CachedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.reload')}</ListItemText>
        </MenuItem>
        <Divider />
        <VolumeSlider />
      </Menu>
    </>
  );
}
