import { SETTINGS, type Company, type CompanySchedule, type SettingEntry, type SettingKey } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** ['settings'] is also patched by the session's live `settings` events (useSessionLiveEvents). */
export const settingsKeys = {
  list: ['settings'] as const,
  company: (id: number) => ['companies', 'detail', id] as const,
};

export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.list,
    queryFn: ({ signal }) => api.get<SettingEntry[]>('/settings', undefined, { signal }),
  });
}

/** One setting's value, its default until the list has loaded or when the company never set it. */
export function useSettingValue(key: SettingKey): string {
  const { data } = useSettings();
  return data?.find((entry) => entry.key === key)?.value ?? SETTINGS[key].default;
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: SettingEntry) => api.put<SettingEntry>(`/settings/${key}`, { key, value }),
    // The answer is the new value: tabs that depend on it (Horários) follow at once.
    onSuccess: (saved, sent) => {
      const entry = saved ?? sent;
      queryClient.setQueryData<SettingEntry[]>(settingsKeys.list, (list) =>
        list?.some((e) => e.key === entry.key) ? list.map((e) => (e.key === entry.key ? entry : e)) : [...(list ?? []), entry],
      );
    },
  });
}

export function useCompany(id: number | null) {
  return useQuery({
    queryKey: settingsKeys.company(id ?? 0),
    queryFn: ({ signal }) => api.get<Company>(`/companies/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export function useSaveCompanySchedules(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: CompanySchedule[]) => api.put<Company>(`/companies/${companyId}/schedules`, { id: companyId, schedules }),
    onSuccess: (company) => queryClient.setQueryData(settingsKeys.company(companyId), company),
  });
}
