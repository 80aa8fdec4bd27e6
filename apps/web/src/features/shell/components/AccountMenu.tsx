import { LANGUAGES, type Language } from '@atende/contract';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/auth';
import { changeLanguage } from '../../../app/i18n';

// The form library and schemas load only when someone opens their profile.
const UserDialog = lazy(() => import('../../users').then((module) => ({ default: module.UserDialog })));

export function AccountMenu() {
  const { t, i18n } = useTranslation('shell');
  const { user, logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const close = () => setAnchor(null);

  function selectLanguage(language: Language) {
    changeLanguage(language);
    close();
  }

  return (
    <>
      <Tooltip title={t('topbar.account')}>
        <IconButton color="inherit" aria-label={t('topbar.account')} onClick={(e) => setAnchor(e.currentTarget)} data-testid="account-menu">
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            close();
            setProfileOpen(true);
          }}
          data-testid="menu-profile"
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
          data-testid="menu-logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.logout')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('topbar.language')}</ListSubheader>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            selected={i18n.resolvedLanguage === language}
            onClick={() => selectLanguage(language)}
            data-testid={`language-${language}`}
          >
            <ListItemIcon>{i18n.resolvedLanguage === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`languages.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {profileOpen && user && (
        <Suspense fallback={null}>
          <UserDialog open userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
