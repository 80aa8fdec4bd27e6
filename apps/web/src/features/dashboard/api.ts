import type { Dashboard, DashboardChartQuery, DashboardQuery, TicketsPerDay, TicketsPerUser } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (query: DashboardQuery) => ['dashboard', 'summary', query] as const,
  perUser: (query: DashboardChartQuery) => ['dashboard', 'ticketsUsers', query] as const,
  perDay: (query: DashboardChartQuery) => ['dashboard', 'ticketsDay', query] as const,
};

/** Counters and attendants; nothing is asked while the filter is not set (null). */
export function useDashboard(query: DashboardQuery | null) {
  return useQuery({
    queryKey: dashboardKeys.summary(query ?? {}),
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', { ...query }, { signal }),
    enabled: query !== null,
  });
}

/** The charts read the very days the counters were computed for (the server resolves periods). */
export function useTicketsPerUser(query: DashboardChartQuery | null) {
  return useQuery({
    queryKey: dashboardKeys.perUser(query ?? { initialDate: '', finalDate: '' }),
    queryFn: ({ signal }) => api.get<TicketsPerUser>('/dashboard/ticketsUsers', { ...query }, { signal }),
    enabled: query !== null,
  });
}

export function useTicketsPerDay(query: DashboardChartQuery | null) {
  return useQuery({
    queryKey: dashboardKeys.perDay(query ?? { initialDate: '', finalDate: '' }),
    queryFn: ({ signal }) => api.get<TicketsPerDay>('/dashboard/ticketsDay', { ...query }, { signal }),
    enabled: query !== null,
  });
}
