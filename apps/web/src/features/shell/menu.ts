import { can, type PermissionSubject } from '@atende/contract';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CodeIcon from '@mui/icons-material/Code';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeviceHubIcon from '@mui/icons-material/DeviceHub';
import EventIcon from '@mui/icons-material/Event';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import ForumIcon from '@mui/icons-material/Forum';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import SettingsIcon from '@mui/icons-material/Settings';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type SvgIcon from '@mui/material/SvgIcon';
import { ACCESS, isAllowed, type AccessContext, type AccessRule } from './access';

type MenuIcon = typeof SvgIcon;

export interface MenuLink {
  kind: 'link';
  path: string;
  /** Key under `shell:menu`. */
  label: string;
  Icon: MenuIcon;
  rule?: AccessRule;
  /** Which live indicator decorates the entry. */
  badge?: 'unreadChats' | 'connectionProblems';
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  Icon: MenuIcon;
  rule?: AccessRule;
  children: MenuLink[];
}

export type MenuNode = MenuLink | MenuGroup;

const link = (path: string, label: string, Icon: MenuIcon, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  path,
  label,
  Icon,
  ...extra,
});

/** Spec core §2 "Shell and side menu", in the spec's order. */
export const MAIN_MENU: MenuLink[] = [
  link('/', 'dashboard', DashboardIcon, { rule: ACCESS.dashboard }),
  link('/tickets', 'tickets', WhatsAppIcon),
  link('/kanban', 'kanban', ViewKanbanIcon, { rule: ACCESS.kanban }),
  link('/quick-messages', 'quickMessages', FlashOnIcon),
  link('/todolist', 'todolist', ChecklistIcon),
  link('/contacts', 'contacts', ContactPhoneIcon),
  link('/schedules', 'schedules', EventIcon, { rule: ACCESS.schedules }),
  link('/tags', 'tags', LocalOfferIcon),
  link('/chats', 'chats', ForumIcon, { rule: ACCESS.chats, badge: 'unreadChats' }),
  link('/helps', 'helps', HelpOutlinedIcon),
  link('/simulator', 'simulator', PhoneIphoneIcon, { rule: ACCESS.simulator }),
];

export const ADMIN_MENU: MenuNode[] = [
  {
    kind: 'group',
    id: 'campaigns',
    label: 'campaigns',
    Icon: CampaignIcon,
    rule: ACCESS.campaigns,
    children: [
      link('/campaigns', 'campaignsList', ListAltIcon),
      link('/contact-lists', 'contactLists', PeopleIcon),
      link('/campaigns-config', 'campaignsConfig', SettingsIcon),
    ],
  },
  link('/announcements', 'announcements', AnnouncementIcon, { rule: ACCESS.announcements }),
  link('/prompts', 'prompts', AllInclusiveIcon, { rule: ACCESS.prompts }),
  link('/queue-integration', 'queueIntegration', DeviceHubIcon, { rule: ACCESS.queueIntegration }),
  link('/connections', 'connections', SyncAltIcon, { badge: 'connectionProblems' }),
  link('/files', 'files', AttachFileIcon),
  link('/queues', 'queues', AccountTreeIcon),
  link('/users', 'users', PeopleIcon),
  link('/messages-api', 'messagesApi', CodeIcon, { rule: ACCESS.messagesApi }),
  link('/financeiro', 'financeiro', AttachMoneyIcon),
  link('/settings', 'settings', SettingsIcon),
];

export interface VisibleMenu {
  main: MenuLink[];
  /** Null when the user may not see the admin section at all. */
  admin: MenuNode[] | null;
}

export function visibleMenu(ctx: AccessContext): VisibleMenu {
  const main = MAIN_MENU.filter((entry) => isAllowed(entry.rule, ctx));
  if (!can(ctx.user as PermissionSubject | null, 'drawer-admin-items:view')) return { main, admin: null };
  const admin = ADMIN_MENU.filter((entry) => isAllowed(entry.rule, ctx));
  return { main, admin };
}

/** `menu-item-users` for /users; the dashboard's path is '/'. */
export function menuTestId(path: string): string {
  return `menu-item-${path.replace(/^\//, '') || 'dashboard'}`;
}
