import { DASHBOARD_FILTER_TYPES, DASHBOARD_PERIODS } from '@atende/contract';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField';
import type { DashboardFilter } from '../filter';

interface DashboardFiltersProps {
  filter: DashboardFilter;
  users: { id: number; name: string }[];
  onChange: (filter: DashboardFilter) => void;
  onApply: () => void;
}

/** Filter type 1 (dates) or 2 (period), the attendant and the Filtrar button. */
export function DashboardFilters({ filter, users, onChange, onApply }: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');
  const set = (patch: Partial<DashboardFilter>) => onChange({ ...filter, ...patch });
  const byDate = filter.type === DASHBOARD_FILTER_TYPES.date;
  const field = { size: 'small', sx: { minWidth: 170 } } as const;
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <TextField
        {...field}
        select
        label={t('filter.type')}
        value={filter.type}
        onChange={(e) => set({ type: Number(e.target.value) as DashboardFilter['type'] })}
        slotProps={{ htmlInput: { 'data-testid': 'dashboard-filter-type' } }}
      >
        <MenuItem value={DASHBOARD_FILTER_TYPES.date}>{t('filter.byDate')}</MenuItem>
        <MenuItem value={DASHBOARD_FILTER_TYPES.period}>{t('filter.byPeriod')}</MenuItem>
      </TextField>
      {byDate ? (
        (['dateFrom', 'dateTo'] as const).map((key) => (
          <DateField
            key={key}
            {...field}
            label={t(`filter.${key}`)}
            value={filter[key]}
            onChange={(value) => set({ [key]: value })}
            testId={key === 'dateFrom' ? 'dashboard-filter-from' : 'dashboard-filter-to'}
          />
        ))
      ) : (
        <TextField
          {...field}
          select
          label={t('filter.period')}
          value={filter.period}
          onChange={(e) => set({ period: e.target.value === '' ? '' : Number(e.target.value) })}
          slotProps={{ htmlInput: { 'data-testid': 'dashboard-filter-period' }, inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('filter.noPeriod')}</MenuItem>
          {DASHBOARD_PERIODS.map((days) => (
            <MenuItem key={days} value={days}>
              {t('filter.lastDays', { count: days })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        {...field}
        select
        label={t('filter.attendant')}
        value={filter.userId}
        onChange={(e) => set({ userId: e.target.value === '' ? '' : Number(e.target.value) })}
        slotProps={{ htmlInput: { 'data-testid': 'dashboard-filter-user' }, inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">{t('filter.allAttendants')}</MenuItem>
        {users.map((user) => (
          <MenuItem key={user.id} value={user.id}>
            {user.name}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" startIcon={<FilterListIcon />} data-testid="dashboard-filter-apply">
        {t('filter.apply')}
      </Button>
    </Box>
  );
}
