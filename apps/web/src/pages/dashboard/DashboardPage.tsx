import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeys, useDashboard } from '../../features/dashboard/api';
import { AttendantsTable } from '../../features/dashboard/components/AttendantsTable';
import { CounterCards } from '../../features/dashboard/components/CounterCards';
import { DashboardFilters } from '../../features/dashboard/components/DashboardFilters';
import { TicketsPerDayChart, TicketsPerUserChart } from '../../features/dashboard/components/TicketsCharts';
import { defaultFilter, toQuery } from '../../features/dashboard/filter';
import { useUserOptions } from '../../features/users/api';
import { toastError } from '../../lib/errors';

/** The dashboard: filters, six counters, the attendants and two charts (admins only). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState(defaultFilter);
  // What the page shows is what was last applied; editing the form alone changes nothing.
  const [query, setQuery] = useState(() => toQuery(draft));
  const summary = useDashboard(query);
  const users = useUserOptions(true);
  const data = query ? summary.data : undefined;
  const queryClient = useQueryClient();

  /** Filtrar with the same filter again reads fresh numbers. */
  function apply() {
    const next = toQuery(draft);
    if (next && JSON.stringify(next) === JSON.stringify(query)) void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    else setQuery(next);
  }

  const chartQuery = useMemo(
    () => (data ? { initialDate: data.period.from, finalDate: data.period.to, ...(query?.user_id ? { user_id: query.user_id } : {}) } : null),
    [data, query?.user_id],
  );

  useEffect(() => {
    if (summary.error) toastError(summary.error);
  }, [summary.error]);

  return (
    // Rows are as tall as their content: an 'auto' row shrinks a scrolling child (the attendants
    // table) to its header once the page is taller than the window.
    <Box sx={{ display: 'grid', alignContent: 'start', gridAutoRows: 'max-content', gap: 2, p: { xs: 1, sm: 2 }, overflowY: 'auto', flex: 1, minWidth: 0 }} data-testid="dashboard-page">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DashboardFilters filter={draft} users={users.data ?? []} onChange={setDraft} onApply={apply} />
      </Paper>
      {query === null && (
        <Alert severity="warning" data-testid="dashboard-no-filter">
          {t('noFilter')}
        </Alert>
      )}
      {summary.isFetching && <LinearProgress />}
      <CounterCards counters={data?.counters} />
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <AttendantsTable attendants={data?.attendants ?? []} />
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <TicketsPerUserChart query={chartQuery} />
        <TicketsPerDayChart query={chartQuery} />
      </Box>
    </Box>
  );
}
