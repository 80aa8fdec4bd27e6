import { UI } from '@atende/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useFirstScreenShown } from '../../../app/firstScreen';
import { SocketProvider } from '../../../app/SocketProvider';
import { ChatsLiveSync } from '../../chats';
import { ConnectionsLiveSync } from '../../connections';
import { useSessionLiveEvents } from '../../live';
import type { Menu } from '../menu';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

const COLLAPSED_WIDTH = 56;

function SessionLiveEvents() {
  useSessionLiveEvents();
  return null;
}

/** Open by default above 1200 px; a temporary overlay under 600 px. */
function initiallyOpen(): boolean {
  return typeof window !== 'undefined' && window.innerWidth > UI.wideLayoutPx;
}

function ShellLayout({ menu }: { menu: Menu }) {
  const overlay = useMediaQuery(`(max-width:${UI.overlayLayoutPx - 0.05}px)`);
  const [open, setOpen] = useState(initiallyOpen);
  const width = open ? UI.drawerWidth : COLLAPSED_WIDTH;
  // A ticket opened by its address is drawn first; the menu's entries follow in the next frame.
  const menuShown = useFirstScreenShown();

  return (
    <Box sx={{ display: 'flex', height: '100dvh', overflow: 'hidden' }}>
      <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <TopBar drawerOpen={open} onToggleDrawer={() => setOpen((value) => !value)} />
      </AppBar>
      {overlay ? (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          data-testid="drawer"
          slotProps={{ paper: { sx: { width: UI.drawerWidth } } }}
        >
          <Toolbar />
          {menuShown && <SideMenu menu={menu} expanded onNavigate={() => setOpen(false)} />}
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          open={open}
          data-testid="drawer"
          data-expanded={open}
          sx={{
            width,
            flexShrink: 0,
            transition: (theme) => theme.transitions.create('width'),
            '& .MuiDrawer-paper': {
              width,
              overflowX: 'hidden',
              boxSizing: 'border-box',
              transition: (theme) => theme.transitions.create('width'),
            },
          }}
        >
          <Toolbar />
          {menuShown && <SideMenu menu={menu} expanded={open} />}
        </Drawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

/** The frame of every private page; its side menu is derived from the page table. */
export default function AppShell({ menu }: { menu: Menu }) {
  return (
    <SocketProvider>
      <SessionLiveEvents />
      <ConnectionsLiveSync />
      <ChatsLiveSync />
      <ShellLayout menu={menu} />
    </SocketProvider>
  );
}
