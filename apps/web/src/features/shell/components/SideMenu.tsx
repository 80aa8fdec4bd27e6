import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useConnectionProblems, useUnreadChats } from '../liveIndicators';
import { menuTestId, visibleMenu, type Menu, type MenuGroup, type MenuLink, type MenuNode } from '../menu';
import { useAccessContext } from '../useAccess';
import { useVersion } from '../useVersion';

interface SideMenuProps {
  /** Derived from the page table. */
  menu: Menu;
  /** Wide drawer with labels; the collapsed one shows icons with tooltips. */
  expanded: boolean;
  onNavigate?: () => void;
}

function isActive(path: string, pathname: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

/** Each badge reads its live data only where its entry is shown. */
function UnreadChatsBadge({ children }: { children: ReactElement }) {
  const unread = useUnreadChats();
  return (
    <Badge variant="dot" color="secondary" invisible={!unread}>
      {children}
    </Badge>
  );
}

function ConnectionProblemsBadge({ children }: { children: ReactElement }) {
  const problem = useConnectionProblems();
  if (!problem) return children;
  return (
    <Badge badgeContent="!" color="error" data-testid="connections-problem-badge">
      {children}
    </Badge>
  );
}

function EntryIcon({ entry }: { entry: MenuLink }) {
  const { Icon } = entry;
  const icon = <Icon fontSize="small" />;
  if (entry.badge === 'unreadChats') return <UnreadChatsBadge>{icon}</UnreadChatsBadge>;
  if (entry.badge === 'connectionProblems') return <ConnectionProblemsBadge>{icon}</ConnectionProblemsBadge>;
  return icon;
}

/** The collapsed menu names its icons on hover; the expanded one shows the names themselves. */
function NamedWhenCollapsed({ label, expanded, children }: { label: string; expanded: boolean; children: ReactElement }) {
  if (expanded) return children;
  return (
    <Tooltip title={label} placement="right">
      {children}
    </Tooltip>
  );
}

function LinkItem({ entry, expanded, nested, onNavigate }: { entry: MenuLink; expanded: boolean; nested?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const label = t(`menu.${entry.label}`);
  return (
    <NamedWhenCollapsed label={label} expanded={expanded}>
      <ListItemButton
        component={RouterLink}
        to={entry.path}
        selected={isActive(entry.path, pathname)}
        onClick={onNavigate}
        data-testid={menuTestId(entry.path)}
        sx={{ pl: nested && expanded ? 4 : 2, minHeight: 44 }}
      >
        <ListItemIcon>
          <EntryIcon entry={entry} />
        </ListItemIcon>
        <ListItemText primary={label} sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }} />
      </ListItemButton>
    </NamedWhenCollapsed>
  );
}

function GroupItem({ group, expanded, onNavigate }: { group: MenuGroup; expanded: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => group.children.some((child) => isActive(child.path, pathname)));
  const { Icon } = group;
  const label = t(`menu.${group.label}`);
  return (
    <>
      <NamedWhenCollapsed label={label} expanded={expanded}>
        <ListItemButton onClick={() => setOpen((value) => !value)} data-testid={`menu-group-${group.id}`} aria-expanded={open} sx={{ minHeight: 44 }}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={label} sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap' }} />
          {expanded && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
        </ListItemButton>
      </NamedWhenCollapsed>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>
          {group.children.map((child) => (
            <LinkItem key={child.path} entry={child} expanded={expanded} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function NodeItem({ node, expanded, onNavigate }: { node: MenuNode; expanded: boolean; onNavigate?: () => void }) {
  if (node.kind === 'group') return <GroupItem group={node} expanded={expanded} onNavigate={onNavigate} />;
  return <LinkItem entry={node} expanded={expanded} onNavigate={onNavigate} />;
}

const nodeKey = (node: MenuNode) => (node.kind === 'group' ? `group:${node.id}` : node.path);

export function SideMenu({ menu, expanded, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const { main, admin } = visibleMenu(menu, useAccessContext());
  const version = useVersion();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <List component="nav" aria-label={t('menu.tickets')} sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        {main.map((node) => (
          <NodeItem key={nodeKey(node)} node={node} expanded={expanded} onNavigate={onNavigate} />
        ))}
        {admin && (
          <>
            <Divider sx={{ my: 1 }} />
            {expanded && (
              <ListSubheader disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent' }} data-testid="menu-admin-section">
                {t('menu.administration')}
              </ListSubheader>
            )}
            {admin.map((node) => (
              <NodeItem key={nodeKey(node)} node={node} expanded={expanded} onNavigate={onNavigate} />
            ))}
          </>
        )}
      </List>
      {expanded && version && (
        <Typography variant="caption" color="text.secondary" sx={{ p: 1.5, textAlign: 'center' }} data-testid="version">
          {t('version', { version })}
        </Typography>
      )}
    </Box>
  );
}
