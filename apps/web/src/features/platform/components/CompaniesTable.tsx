import { dueTone, type Company, type DueTone } from '@atende/contract';
import EditIcon from '@mui/icons-material/Edit';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ScheduleIcon from '@mui/icons-material/Schedule';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { daysUntil, formatDate } from '../../../lib/dates';

/** Row tints by days to the due date (spec: exactly 5 yellow, -3 to 4 orange, -4 and beyond red). */
const TONES: Record<Exclude<DueTone, null>, string> = {
  warning: 'rgba(255, 235, 59, 0.35)',
  danger: 'rgba(255, 152, 0, 0.35)',
  expired: 'rgba(244, 67, 54, 0.35)',
};

interface CompaniesTableProps {
  companies: Company[];
  onEdit: (company: Company) => void;
  onAdvance: (company: Company) => void;
  onSchedules: (company: Company) => void;
  busyId: number | null;
}

export function CompaniesTable({ companies, onEdit, onAdvance, onSchedules, busyId }: CompaniesTableProps) {
  const { t } = useTranslation('platform');
  return (
    <Table size="small" data-testid="companies-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('companies.name')}</TableCell>
          <TableCell>{t('companies.email')}</TableCell>
          <TableCell>{t('companies.phone')}</TableCell>
          <TableCell>{t('companies.plan')}</TableCell>
          <TableCell>{t('companies.campaigns')}</TableCell>
          <TableCell>{t('companies.status')}</TableCell>
          <TableCell>{t('companies.createdAt')}</TableCell>
          <TableCell>{t('companies.dueDate')}</TableCell>
          <TableCell>{t('companies.recurrence')}</TableCell>
          <TableCell align="center">{t('common.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {companies.length === 0 && (
          <TableRow>
            <TableCell colSpan={10} align="center">
              {t('common.empty')}
            </TableCell>
          </TableRow>
        )}
        {companies.map((company) => {
          const tone = dueTone(daysUntil(company.dueDate));
          return (
            <TableRow
              key={company.id}
              data-testid={`company-row-${company.id}`}
              data-tone={tone ?? 'none'}
              sx={tone ? { bgcolor: TONES[tone] } : undefined}
            >
              <TableCell>{company.name}</TableCell>
              <TableCell>{company.email}</TableCell>
              <TableCell>{company.phone}</TableCell>
              <TableCell>{company.plan?.name ?? ''}</TableCell>
              <TableCell>{company.campaignsEnabled ? t('companies.enabled') : t('companies.disabled')}</TableCell>
              <TableCell>{company.status ? t('common.yes') : t('common.no')}</TableCell>
              <TableCell>{formatDate(company.createdAt)}</TableCell>
              <TableCell data-testid={`company-due-${company.id}`}>{formatDate(company.dueDate)}</TableCell>
              <TableCell>{t(`companies.recurrences.${company.recurrence}`)}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('common.edit')}>
                  <IconButton size="small" onClick={() => onEdit(company)} data-testid={`company-edit-${company.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('companies.advance')}>
                  <span>
                    <IconButton size="small" disabled={busyId === company.id} onClick={() => onAdvance(company)} data-testid={`company-advance-${company.id}`}>
                      <EventRepeatIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('companies.schedules')}>
                  <IconButton size="small" onClick={() => onSchedules(company)} data-testid={`company-schedules-${company.id}`}>
                    <ScheduleIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
