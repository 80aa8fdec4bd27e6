import type { Campaign } from '@atende/contract';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../../../lib/dates';

interface CampaignsTableProps {
  campaigns: Campaign[];
  loading: boolean;
  onStop: (campaign: Campaign) => void;
  onRestart: (campaign: Campaign) => void;
  onReport: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

const COLUMNS = ['name', 'status', 'contactList', 'connection', 'scheduledAt', 'completedAt', 'confirmation', 'actions'] as const;
/** What a phone shows of a campaign: its name, its state and what can be done with it. */
const PHONE_COLUMNS: ReadonlySet<string> = new Set(['name', 'status', 'actions']);
const columnSx = (column: string) => (PHONE_COLUMNS.has(column) ? undefined : WIDE_SCREEN_COLUMN);

/** One row per campaign; stop only while in progress, restart only once cancelled. */
export function CampaignsTable({ campaigns, loading, onStop, onRestart, onReport, onEdit, onDelete }: CampaignsTableProps) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation();
  const action = (label: string, testId: string, onClick: () => void, icon: ReactNode) => (
    <Tooltip title={label} disableInteractive>
      <IconButton size="small" aria-label={label} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Table size="small" stickyHeader data-testid="campaigns-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} align={column === 'name' ? 'left' : 'center'} sx={columnSx(column)}>
              {t(`columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {campaigns.map((campaign) => (
          <TableRow key={campaign.id} hover data-testid={`campaign-row-${campaign.id}`}>
            <TableCell>{campaign.name}</TableCell>
            <TableCell align="center" data-testid={`campaign-status-${campaign.id}`}>
              {t(`status.${campaign.status}`)}
            </TableCell>
            <TableCell align="center" sx={columnSx('contactList')}>{campaign.contactList?.name ?? campaign.tagList?.name ?? t('notDefined')}</TableCell>
            <TableCell align="center" sx={columnSx('connection')}>{campaign.whatsapp?.name ?? t('notDefined')}</TableCell>
            <TableCell align="center" sx={columnSx('scheduledAt')}>{campaign.scheduledAt ? formatShortDateTime(campaign.scheduledAt) : t('notScheduled')}</TableCell>
            <TableCell align="center" sx={columnSx('completedAt')}>{campaign.completedAt ? formatShortDateTime(campaign.completedAt) : t('notCompleted')}</TableCell>
            <TableCell align="center" sx={columnSx('confirmation')}>{campaign.confirmation ? t('enabled') : t('disabled')}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              {campaign.status === 'EM_ANDAMENTO' &&
                action(t('actions.stop'), `campaign-stop-${campaign.id}`, () => onStop(campaign), <PauseCircleIcon fontSize="small" />)}
              {campaign.status === 'CANCELADA' &&
                action(t('actions.restart'), `campaign-restart-${campaign.id}`, () => onRestart(campaign), <PlayCircleIcon fontSize="small" />)}
              {action(t('actions.report'), `campaign-report-${campaign.id}`, () => onReport(campaign), <AssessmentIcon fontSize="small" />)}
              {action(tc('edit'), `campaign-edit-${campaign.id}`, () => onEdit(campaign), <EditIcon fontSize="small" />)}
              {action(tc('delete'), `campaign-delete-${campaign.id}`, () => onDelete(campaign), <DeleteIcon fontSize="small" />)}
            </TableCell>
          </TableRow>
        ))}
        {!loading && campaigns.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="campaigns-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
