import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha, type Theme } from '@mui/material/styles';
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
      <RouterLink
        to={entry.path}
        className="menu-entry"
        aria-current={isActive(entry.path, pathname) ? 'page' : undefined}
        data-nested={nested || undefined}
        onClick={onNavigate}
        data-testid={menuTestId(entry.path)}
      >
        <span className="menu-entry-icon">
          <EntryIcon entry={entry} />
        </span>
        <span className="menu-entry-label">{label}</span>
      </RouterLink>
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
        <button type="button" className="menu-entry" onClick={() => setOpen((value) => !value)} data-testid={`menu-group-${group.id}`} aria-expanded={open}>
          <span className="menu-entry-icon">
            <Icon fontSize="small" />
          </span>
          <span className="menu-entry-label">{label}</span>
          {expanded && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
        </button>
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

/**
 * The entries' looks (those of MUI's list item buttons), given once to the whole menu: two dozen
 * entries drawn as plain links and spans cost one style rule set instead of five styled
 * components each, which the first drawing of every page pays for.
 */
const entryStyles = (theme: Theme) => {
  const selected = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity);
  return {
    flex: 1,
    overflowY: 'auto',
    overflowX: 'hidden',
    '& .menu-entry': {
      display: 'flex',
      alignItems: 'center',
      width: '100%',
      minHeight: 44,
      boxSizing: 'border-box',
      padding: '8px 16px',
      border: 0,
      margin: 0,
      background: 'none',
      color: theme.palette.text.primary,
      font: 'inherit',
      textAlign: 'left',
      textDecoration: 'none',
      cursor: 'pointer',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: 'none', backgroundColor: theme.palette.action.focus },
      '&[aria-current="page"]': { backgroundColor: selected },
      '&[aria-current="page"]:hover': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity) },
    },
    '&[data-expanded="true"] .menu-entry[data-nested]': { paddingLeft: theme.spacing(4) },
    '& .menu-entry-icon': { display: 'inline-flex', flexShrink: 0, minWidth: 56, color: theme.palette.action.active },
    '& .menu-entry-label': { ...theme.typography.body1, flex: '1 1 auto', minWidth: 0, margin: '4px 0', whiteSpace: 'nowrap' },
    '&[data-expanded="false"] .menu-entry-label': { opacity: 0 },
  } as const;
};

const nodeKey = (node: MenuNode) => (node.kind === 'group' ? `group:${node.id}` : node.path);

export function SideMenu({ menu, expanded, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const { main, admin } = visibleMenu(menu, useAccessContext());
  const version = useVersion();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <List component="nav" aria-label={t('menu.tickets')} data-expanded={expanded} sx={entryStyles}>
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
