import { can, UI, type Ticket } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../../app/auth';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useStableHandler } from '../../../components/useStableHandler';
import { toastError } from '../../../lib/errors';
import { useTagOptions } from '../../tags';
import { useUserOptions } from '../../users';
import {
  startingFilters,
  useTicketAction,
  useTicketsList,
  type TicketActionRequest,
  type TicketListFilters,
} from '../api';
import { ConversationPreviewContext } from '../conversationPreview';
import { useTicketsLive } from '../useTicketsLive';
import { IdFilter } from './IdFilter';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketsList } from './TicketsList';

type ListTab = 'open' | 'closed' | 'search';
type OpenTab = 'open' | 'pending';

export interface TicketsManagerProps {
  selectedUuid: string | undefined;
  narrow: boolean;
}

function CountLabel({ label, count, testId }: { label: string; count: number; testId: string }) {
  return (
    <Badge badgeContent={count} color="secondary" max={999} data-testid={testId} data-count={count} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
      {label}
    </Badge>
  );
}

/**
 * The ticket manager: open (assigned and waiting), closed and search tabs, the
 * queue, tag and user filters, 'show all' for admins, and the new-ticket dialog.
 */
export function TicketsManager({ selectedUuid, narrow }: TicketsManagerProps) {
  const { t } = useTranslation('tickets');
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useContext(ConversationPreviewContext);
  const isAdmin = can(user, 'tickets-manager:showall');
  const [tab, setTab] = useState<ListTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const [starting] = useState(() => startingFilters(user));
  const [showAll, setShowAll] = useState(starting.showAll ?? false);
  const [queueIds, setQueueIds] = useState<number[]>(starting.queueIds ?? []);
  const [tags, setTags] = useState<number[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [newTicket, setNewTicket] = useState(false);
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const tagOptions = useTagOptions();
  const userOptions = useUserOptions(isAdmin && tab === 'search');
  const action = useTicketAction();
  useTicketsLive();

  const common: TicketListFilters = { showAll: isAdmin && showAll, queueIds };
  // Both open lists stay loaded: their counts are the sub-tabs' badges.
  const assigned = useTicketsList({ ...common, status: 'open' });
  const pending = useTicketsList({ ...common, status: 'pending' });
  const closed = useTicketsList({ ...common, status: 'closed' }, tab === 'closed');
  const found = useTicketsList({ ...common, searchParam, tags, users: isAdmin ? users : [] }, tab === 'search');
  const current = tab === 'search' ? found : tab === 'closed' ? closed : openTab === 'open' ? assigned : pending;
  const countOf = (list: typeof assigned) => list.data?.pages[0]?.count ?? 0;

  // The rows keep the same handlers, so opening a ticket or a page arriving does not draw every row again.
  const open = useStableHandler((ticket: Pick<Ticket, 'id' | 'uuid'>) => {
    preview.prefetch(queryClient, ticket.id);
    void navigate(`/tickets/${ticket.uuid}`);
  });

  const runAction = useStableHandler((request: TicketActionRequest) => {
    action.mutate(request, {
      onSuccess: (ticket) => {
        // Accept and reopen keep the ticket on screen, finish leaves it.
        if (request.action === 'finish') {
          if (selectedUuid === ticket.uuid) void navigate('/tickets');
          return;
        }
        // An accepted ticket is now the agent's: show it where it went.
        if (request.action === 'accept') setOpenTab('open');
        open(ticket);
      },
      onError: toastError,
    });
  });

  return (
    <Paper variant="outlined" square sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="tickets-manager">
      <Tabs value={tab} onChange={(_e, value: ListTab) => setTab(value)} variant="fullWidth">
        <Tab value="open" icon={<MoveToInboxIcon />} iconPosition="start" label={t('tabs.open')} data-testid="tickets-tab-open" />
        <Tab value="closed" icon={<CheckBoxIcon />} iconPosition="start" label={t('tabs.closed')} data-testid="tickets-tab-closed" />
        <Tab value="search" icon={<SearchIcon />} iconPosition="start" label={t('tabs.search')} data-testid="tickets-tab-search" />
      </Tabs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1, borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setNewTicket(true)} data-testid="tickets-new">
          {t('new')}
        </Button>
        {isAdmin && tab === 'open' && (
          <FormControlLabel
            label={t('showAll')}
            control={<Switch size="small" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} slotProps={{ input: { 'data-testid': 'tickets-show-all' } as object }} />}
          />
        )}
        <IdFilter label={t('filters.queues')} options={user.queues} value={queueIds} onChange={setQueueIds} testId="tickets-queue-filter" />
      </Box>
      {tab === 'search' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'tickets-search' },
              input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" color="action" /></InputAdornment> },
            }}
          />
          <IdFilter label={t('filters.tags')} options={tagOptions.data ?? []} value={tags} onChange={setTags} testId="tickets-tag-filter" />
          {isAdmin && <IdFilter label={t('filters.users')} options={userOptions.data ?? []} value={users} onChange={setUsers} testId="tickets-user-filter" />}
        </Box>
      )}
      {tab === 'open' && (
        <Tabs value={openTab} onChange={(_e, value: OpenTab) => setOpenTab(value)} variant="fullWidth" sx={{ minHeight: 40 }}>
          <Tab value="open" sx={{ minHeight: 40 }} label={<CountLabel label={t('tabs.assigned')} count={countOf(assigned)} testId="tickets-count-open" />} data-testid="tickets-subtab-open" />
          <Tab value="pending" sx={{ minHeight: 40 }} label={<CountLabel label={t('tabs.pending')} count={countOf(pending)} testId="tickets-count-pending" />} data-testid="tickets-subtab-pending" />
        </Tabs>
      )}
      <TicketsList
        key={`${tab}-${openTab}`}
        list={current}
        selectedUuid={selectedUuid}
        narrow={narrow}
        busyTicketId={action.isPending ? (action.variables?.ticket.id ?? null) : null}
        onOpen={open}
        onAction={runAction}
        testId={`tickets-list-${tab === 'open' ? openTab : tab}`}
      />
      {newTicket && <NewTicketDialog open onClose={() => setNewTicket(false)} />}
    </Paper>
  );
}
