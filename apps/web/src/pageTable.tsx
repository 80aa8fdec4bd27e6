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
import { lazy } from 'react';
import { ticketsPage } from './app/firstScreenCode';
import { ACCESS } from './features/shell/access';
import { menuOf, type AppPage, type MenuEntry, type MenuGroupInfo, type MenuIcon } from './features/shell/menu';

// Every page is its own chunk, so the login screen downloads only what it shows.
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const UsersPage = lazy(() => import('./pages/users/UsersPage'));
const ConnectionsPage = lazy(() => import('./pages/connections/ConnectionsPage'));
const SimulatorPage = lazy(() => import('./pages/simulator/SimulatorPage'));
const TodoListPage = lazy(() => import('./pages/todolist/TodoListPage'));
const ContactsPage = lazy(() => import('./pages/contacts/ContactsPage'));
const TagsPage = lazy(() => import('./pages/tags/TagsPage'));
const QuickMessagesPage = lazy(() => import('./pages/quick-messages/QuickMessagesPage'));
const SchedulesPage = lazy(() => import('./pages/schedules/SchedulesPage'));
const KanbanPage = lazy(() => import('./pages/kanban/KanbanPage'));

const ChatsPage = lazy(() => import('./pages/chats/ChatsPage'));
const QueuesPage = lazy(() => import('./pages/queues/QueuesPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const FilesPage = lazy(() => import('./pages/files/FilesPage'));
const PromptsPage = lazy(() => import('./pages/prompts/PromptsPage'));

const HelpsPage = lazy(() => import('./pages/helps/HelpsPage'));
const AnnouncementsPage = lazy(() => import('./pages/announcements/AnnouncementsPage'));
const SubscriptionPage = lazy(() => import('./pages/subscription/SubscriptionPage'));
const FinanceiroPage = lazy(() => import('./pages/financeiro/FinanceiroPage'));
const ContactListsPage = lazy(() => import('./pages/contact-lists/ContactListsPage'));
const ListContactsPage = lazy(() => import('./pages/contact-lists/ListContactsPage'));
const MessagesApiPage = lazy(() => import('./pages/messages-api/MessagesApiPage'));
const QueueIntegrationsPage = lazy(() => import('./pages/queue-integration/QueueIntegrationsPage'));
const CampaignsPage = lazy(() => import('./pages/campaigns/CampaignsPage'));
const CampaignReportPage = lazy(() => import('./pages/campaigns/CampaignReportPage'));
const CampaignsConfigPage = lazy(() => import('./pages/campaigns/CampaignsConfigPage'));

const main = (label: string, Icon: MenuIcon, extra: Partial<MenuEntry> = {}): MenuEntry => ({ section: 'main', label, Icon, ...extra });
const admin = (label: string, Icon: MenuIcon, extra: Partial<MenuEntry> = {}): MenuEntry => ({ section: 'admin', label, Icon, ...extra });

const CAMPAIGNS: MenuGroupInfo = { id: 'campaigns', label: 'campaigns', Icon: CampaignIcon };

/**
 * Every private page once, in the side menu's order: its address, its
 * code, who may open it and where the menu shows it. The router and the side menu both read it.
 */
export const PAGES: readonly AppPage[] = [
  // The admins' home; everyone else lands on their tickets instead of a refusal.
  { path: '/', page: DashboardPage, access: ACCESS.dashboard, deniedTo: '/tickets', menu: main('dashboard', DashboardIcon) },
  { path: '/tickets', params: ':ticketId?', page: ticketsPage.Component, menu: main('tickets', WhatsAppIcon) },
  { path: '/kanban', page: KanbanPage, access: ACCESS.kanban, menu: main('kanban', ViewKanbanIcon) },
  { path: '/quick-messages', page: QuickMessagesPage, menu: main('quickMessages', FlashOnIcon) },
  { path: '/todolist', page: TodoListPage, menu: main('todolist', ChecklistIcon) },
  { path: '/contacts', page: ContactsPage, menu: main('contacts', ContactPhoneIcon) },
  { path: '/schedules', page: SchedulesPage, access: ACCESS.schedules, menu: main('schedules', EventIcon) },
  { path: '/tags', page: TagsPage, menu: main('tags', LocalOfferIcon) },
  { path: '/chats', params: ':id?', page: ChatsPage, access: ACCESS.chats, menu: main('chats', ForumIcon, { badge: 'unreadChats' }) },
  { path: '/helps', page: HelpsPage, menu: main('helps', HelpOutlinedIcon) },
  // The page itself waits for GET /simulator/status and leaves when the server runs no simulator.
  { path: '/simulator', page: SimulatorPage, access: ACCESS.simulator, pageDecides: true, menu: main('simulator', PhoneIphoneIcon) },

  { path: '/campaigns', page: CampaignsPage, access: ACCESS.campaigns, menu: admin('campaignsList', ListAltIcon, { group: CAMPAIGNS }) },
  { path: '/campaign/:campaignId/report', page: CampaignReportPage, access: ACCESS.campaigns },
  { path: '/contact-lists', page: ContactListsPage, access: ACCESS.campaigns, menu: admin('contactLists', PeopleIcon, { group: CAMPAIGNS }) },
  { path: '/contact-lists/:contactListId/contacts', page: ListContactsPage, access: ACCESS.campaigns },
  { path: '/campaigns-config', page: CampaignsConfigPage, access: ACCESS.campaigns, menu: admin('campaignsConfig', SettingsIcon, { group: CAMPAIGNS }) },
  { path: '/announcements', page: AnnouncementsPage, access: ACCESS.announcements, menu: admin('announcements', AnnouncementIcon) },
  { path: '/prompts', page: PromptsPage, access: ACCESS.prompts, menu: admin('prompts', AllInclusiveIcon) },
  { path: '/queue-integration', page: QueueIntegrationsPage, access: ACCESS.queueIntegration, menu: admin('queueIntegration', DeviceHubIcon) },
  { path: '/connections', page: ConnectionsPage, access: ACCESS.admin, menu: admin('connections', SyncAltIcon, { badge: 'connectionProblems' }) },
  { path: '/files', page: FilesPage, access: ACCESS.admin, menu: admin('files', AttachFileIcon) },
  { path: '/queues', page: QueuesPage, access: ACCESS.admin, menu: admin('queues', AccountTreeIcon) },
  { path: '/users', page: UsersPage, access: ACCESS.admin, menu: admin('users', PeopleIcon) },
  { path: '/messages-api', page: MessagesApiPage, access: ACCESS.messagesApi, menu: admin('messagesApi', CodeIcon) },
  { path: '/financeiro', page: FinanceiroPage, access: ACCESS.admin, menu: admin('financeiro', AttachMoneyIcon) },
  { path: '/settings', page: SettingsPage, access: ACCESS.admin, menu: admin('settings', SettingsIcon) },

  { path: '/subscription', page: SubscriptionPage },
];

export const MENU = menuOf(PAGES);
