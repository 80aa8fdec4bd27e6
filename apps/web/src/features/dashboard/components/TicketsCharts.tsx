import type { DashboardChartQuery } from '@atende/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { formatDayMonth } from '../../../lib/dates';
import { useTicketsPerDay, useTicketsPerUser } from '../api';
import { countAxis, dayLabelShown } from '../chartAxes';
import { ChartCard } from './ChartCard';

/** Conversations per attendant (bar chart). */
export function TicketsPerUserChart({ query }: { query: DashboardChartQuery | null }) {
  const { t } = useTranslation('dashboard');
  const chart = useTicketsPerUser(query);
  const data = chart.data?.data ?? [];
  return (
    <ChartCard title={t('charts.perUser')} error={chart.isError ? t('charts.perUserError') : null} loading={chart.isFetching} testId="dashboard-chart-users">
      {data.length > 0 && (
        <BarChart
          xAxis={[{ scaleType: 'band', data: data.map((bar) => bar.name) }]}
          yAxis={[countAxis(data.map((bar) => bar.total))]}
          series={[{ data: data.map((bar) => bar.total), label: t('charts.tickets') }]}
          hideLegend
        />
      )}
    </ChartCard>
  );
}

/** Tickets per day, or per hour when the range is one day, with the total. */
export function TicketsPerDayChart({ query }: { query: DashboardChartQuery | null }) {
  const { t } = useTranslation('dashboard');
  const chart = useTicketsPerDay(query);
  const body = chart.data;
  const byHour = body?.unit === 'hour';
  // Day and month are enough on the axis: the year is in the filter, and shorter labels all fit.
  const labels = (body?.data ?? []).map((bar) => (byHour ? `${bar.label}h` : formatDayMonth(bar.label)));
  const title = (
    <>
      {t(body?.unit === 'hour' ? 'charts.perHour' : 'charts.perDay')}{' '}
      <span data-testid="dashboard-chart-days-total">{t('charts.total', { count: body?.total ?? 0 })}</span>
    </>
  );
  return (
    <ChartCard title={title} error={chart.isError ? t('charts.perDayError') : null} loading={chart.isFetching} testId="dashboard-chart-days">
      {body && (
        <BarChart
          xAxis={[
            {
              scaleType: 'band',
              data: labels,
              tickLabelInterval: dayLabelShown(labels.length),
              tickLabelStyle: { angle: -45, textAnchor: 'end', fontSize: 11 },
              height: 48,
            },
          ]}
          yAxis={[countAxis(body.data.map((bar) => bar.total))]}
          series={[{ data: body.data.map((bar) => bar.total), label: t('charts.tickets') }]}
          hideLegend
        />
      )}
    </ChartCard>
  );
}
