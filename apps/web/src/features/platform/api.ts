import type { Company, CompanyCreateInput, CompanyInput, Plan, PlanInput } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The super user's lists of companies and plans (settings tabs Empresas and Planos). */
export const platformKeys = {
  companies: ['platform', 'companies'] as const,
  plans: ['platform', 'plans'] as const,
};

export function useCompanies() {
  return useQuery({
    queryKey: platformKeys.companies,
    queryFn: ({ signal }) => api.get<Company[]>('/companies/list', undefined, { signal }),
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CompanyInput | CompanyCreateInput }) =>
      id === null ? api.post<Company>('/companies', input) : api.put<Company>(`/companies/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.companies }),
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/companies/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.companies }),
  });
}

export function usePlans() {
  return useQuery({
    queryKey: platformKeys.plans,
    queryFn: ({ signal }) => api.get<Plan[]>('/plans/all', undefined, { signal }),
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlanInput }) =>
      id === null ? api.post<Plan>('/plans', input) : api.put<Plan>(`/plans/${id}`, input),
    // Companies show their plan's name: both lists follow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['platform'] }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/plans/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.plans }),
  });
}
