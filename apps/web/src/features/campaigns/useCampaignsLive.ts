import type { CampaignReport } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { campaignsKeys } from './api';

/**
 * `company-{id}-campaign`: the list refetches on any change; an open report takes the new status
 * and counts in place, so its progress bar moves without reloading every shipping record.
 */
export function useCampaignsLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('campaign', (payload) => {
    if (payload.action === 'progress') {
      queryClient.setQueryData<CampaignReport>(campaignsKeys.detail(payload.campaignId), (old) => (old ? { ...old, counts: payload.counts } : old));
      return;
    }
    if (payload.action === 'delete') {
      queryClient.removeQueries({ queryKey: campaignsKeys.detail(payload.campaignId) });
    } else {
      queryClient.setQueryData<CampaignReport>(campaignsKeys.detail(payload.record.id), (old) => (old ? { ...old, ...payload.record } : old));
    }
    void queryClient.invalidateQueries({ queryKey: campaignsKeys.list });
  });
}
