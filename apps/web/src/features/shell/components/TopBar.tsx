import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import CachedIcon from '@mui/icons-material/Cached';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../app/auth';
import { useFirstScreenShown } from '../../../app/firstScreen';
import { useColorMode } from '../../../app/theme';
import { formatDate } from '../../../lib/dates';
import { AccountMenu } from './AccountMenu';
import { AnnouncementsPopover, ChatsPopover, NotificationsPopover, VolumePopover } from './HeaderPopovers';
import { TopBarOverflow } from './TopBarOverflow';

interface TopBarProps {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

/** Phones: below this the top bar folds its less used icons into a menu and greets by first name. */
const narrowQuery = (theme: Theme) => theme.breakpoints.down('sm');

export function Greeting({ short = false }: { short?: boolean }) {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const greeting = short
    ? t('topbar.greetingShort', { name: user.name.split(' ')[0] })
    : t('topbar.greeting', { name: user.name, company: user.company?.name ?? '' });
  // Only admins see until when the company's subscription runs.
  const dueDate = user.profile === 'admin' && !short ? user.company?.dueDate : null;
  return (
    <Typography variant="subtitle1" noWrap sx={{ flex: 1, minWidth: 0 }} title={greeting} data-testid="topbar-greeting">
      {greeting}
      {dueDate ? ` (${t('topbar.activeUntil', { date: formatDate(dueDate) })})` : ''}
    </Typography>
  );
}

/** The top bar's tools: theme, chime volume, reload, notifications, announcements, chats, account. */
function TopBarTools({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('shell');
  const { mode, toggle } = useColorMode();
  const queryClient = useQueryClient();
  return (
    <>
      {!narrow && (
        <>
          <Tooltip title={t('topbar.toggleTheme')}>
            <IconButton color="inherit" aria-label={t('topbar.toggleTheme')} onClick={toggle} data-testid="theme-toggle" data-mode={mode}>
              {mode === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
            </IconButton>
          </Tooltip>
          <VolumePopover />
          <Tooltip title={t('topbar.reload')}>
            <IconButton color="inherit" aria-label={t('topbar.reload')} onClick={() => void queryClient.invalidateQueries()} data-testid="reload">
              <CachedIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      <NotificationsPopover />
      <AnnouncementsPopover />
      <ChatsPopover />
      {narrow && <TopBarOverflow />}
      <AccountMenu />
    </>
  );
}

export function TopBar({ drawerOpen, onToggleDrawer }: TopBarProps) {
  const { t } = useTranslation('shell');
  const narrow = useMediaQuery(narrowQuery);
  // A ticket opened by its address is drawn first; the tools follow in the next frame.
  const firstScreenShown = useFirstScreenShown();

  return (
    <Toolbar sx={{ gap: 0.5, pr: 1 }}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={drawerOpen ? t('topbar.closeMenu') : t('topbar.openMenu')}
        onClick={onToggleDrawer}
        data-testid="drawer-toggle"
        sx={{ mr: 1 }}
      >
        {drawerOpen ? <ChevronLeftIcon /> : <MenuIcon />}
      </IconButton>
      <Greeting short={narrow} />
      {firstScreenShown && <TopBarTools narrow={narrow} />}
    </Toolbar>
  );
}
