import type { WebhookDelivery, WebhookEvent, WebhookSubscription, WebhookSubscriptionWithSecret } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLiveEvent } from '../live';

export const webhooksKeys = {
  all: ['webhook-subscriptions'] as const,
  list: ['webhook-subscriptions', 'list'] as const,
  deliveries: (id: number) => ['webhook-subscriptions', 'deliveries', id] as const,
};

export interface WebhookFields {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

export function useWebhooks() {
  return useQuery({ queryKey: webhooksKeys.list, queryFn: ({ signal }) => api.get<WebhookSubscription[]>('/webhook-subscriptions', undefined, { signal }) });
}

/** The delivery log, refreshed while shown: retries happen on the server's schedule. */
export function useWebhookDeliveries(id: number | null) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(id ?? 0),
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>(`/webhook-subscriptions/${id}/deliveries`, undefined, { signal }),
    enabled: id !== null,
    refetchInterval: 5_000,
  });
}

function useInvalidating<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}

/** A new webhook answers its secret, the only time it is shown. */
export function useSaveWebhook() {
  return useInvalidating(({ id, fields }: { id: number | null; fields: WebhookFields }) =>
    id === null ? api.post<WebhookSubscriptionWithSecret>('/webhook-subscriptions', fields) : api.put<WebhookSubscription>(`/webhook-subscriptions/${id}`, fields),
  );
}

export function useDeleteWebhook() {
  return useInvalidating((id: number) => api.delete(`/webhook-subscriptions/${id}`));
}

export function useRotateWebhookSecret() {
  return useInvalidating((id: number) => api.post<WebhookSubscriptionWithSecret>(`/webhook-subscriptions/${id}/secret`));
}

export function useSendWebhookTest() {
  return useInvalidating((id: number) => api.post<WebhookDelivery>(`/webhook-subscriptions/${id}/test`));
}

/** Changes by other admins, and a webhook the server switched off after failures. */
export function useWebhooksLive(onSwitchedOff: (subscription: WebhookSubscription) => void): void {
  const queryClient = useQueryClient();
  useLiveEvent('webhookSubscription', (payload) => {
    void queryClient.invalidateQueries({ queryKey: webhooksKeys.all });
    if (payload.action === 'update' && payload.subscription.disabledReason === 'failures') onSwitchedOff(payload.subscription);
  });
}
