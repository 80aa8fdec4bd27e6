import {
  CAMPAIGN_MEDIA_FIELD,
  type Campaign,
  type CampaignInput,
  type CampaignPage,
  type CampaignReport,
  type CampaignSettingsInput,
  type CampaignSettingsResponse,
} from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
  settings: ['campaign-settings'] as const,
};

/** GET /campaigns: newest first, page by page as the user scrolls. */
export function useCampaignsPage() {
  return useInfiniteQuery({
    queryKey: campaignsKeys.list,
    queryFn: ({ pageParam, signal }) => api.get<CampaignPage>('/campaigns', { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET /campaigns/:id: the campaign with its report (counts and shipping records). */
export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<CampaignReport>(`/campaigns/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface SaveCampaign {
  id: number | null;
  input: CampaignInput;
  /** A new attachment, uploaded once the campaign is saved (the upload needs its id). */
  file: File | null;
  /** The current attachment was removed in the dialog. */
  removeMedia: boolean;
}

/** Saves the campaign, then its attachment: POST or DELETE /campaigns/{id}/media-upload. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file, removeMedia }: SaveCampaign) => {
      let saved = id === null ? await api.post<Campaign>('/campaigns', input) : await api.put<Campaign>(`/campaigns/${id}`, input);
      if (file) {
        const body = new FormData();
        body.append(CAMPAIGN_MEDIA_FIELD, file);
        saved = await api.post<Campaign>(`/campaigns/${saved.id}/media-upload`, body);
      } else if (removeMedia && saved.mediaName) {
        saved = await api.delete<Campaign>(`/campaigns/${saved.id}/media-upload`);
      }
      return saved;
    },
    // Also after a failed upload: the campaign itself may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/campaigns/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}

/** POST /campaigns/:id/cancel (in progress only) or /restart (cancelled only). */
export function useCampaignCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: 'cancel' | 'restart' }) => api.post<Campaign>(`/campaigns/${id}/${command}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}

export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignsKeys.settings,
    queryFn: ({ signal }) => api.get<CampaignSettingsResponse>('/campaign-settings', undefined, { signal }),
    staleTime: 0,
  });
}

export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignSettingsInput) => api.post<CampaignSettingsResponse>('/campaign-settings', input),
    onSuccess: (answer) => queryClient.setQueryData(campaignsKeys.settings, answer),
  });
}
