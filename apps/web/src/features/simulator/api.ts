import type { Connection, SIMULATOR_FAULTS, SimulatorConversationEntry, SimulatorMessageInput } from '@atende/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { connectionsKeys } from '../connections';

export type SimulatorFault = (typeof SIMULATOR_FAULTS)[number];

/** The customer's phone is polled this often while its chat is open. */
export const CONVERSATION_POLL_MS = 1_000;

export const simulatorKeys = {
  conversations: ['simulator', 'conversation'] as const,
  conversation: (whatsappId: number, number: string) => ['simulator', 'conversation', whatsappId, number] as const,
};

/** Everything the customer's phone has seen with the business, both directions, with acks. */
export function useConversation(whatsappId: number | null, number: string | null) {
  return useQuery({
    queryKey: simulatorKeys.conversation(whatsappId ?? 0, number ?? ''),
    queryFn: ({ signal }) =>
      api.get<SimulatorConversationEntry[]>(`/simulator/conversations/${whatsappId}/${encodeURIComponent(number ?? '')}`, undefined, { signal }),
    enabled: whatsappId !== null && Boolean(number),
    // Acks and replies arrive on the simulated phone, which sends no live event: poll it.
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}

/** Every action refetches the open chat at once instead of waiting for the next poll. */
function useRefreshConversations() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.conversations });
}

/** The phone scans the connection's current QR (or types its pairing code). */
export function useScan() {
  return useMutation({
    mutationFn: (whatsappId: number) => api.post<void>(`/simulator/connections/${whatsappId}/scan`),
  });
}

/** Asks the line for a fresh QR (it gave up waiting, or was disconnected); the live event brings the QR. */
export function useNewQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (whatsappId: number) => api.post<Connection>(`/simulator/connections/${whatsappId}/new-qr`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: connectionsKeys.list }),
  });
}

export function useCustomerSends() {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (input: SimulatorMessageInput) => api.post<{ id: string }>('/simulator/messages', input),
    onSuccess: refresh,
  });
}

export function useCustomerCalls() {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (input: { whatsappId: number; from: string }) => api.post<{ id: string }>('/simulator/calls', input),
    onSuccess: refresh,
  });
}

export function useFault() {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (input: { whatsappId: number; kind: SimulatorFault }) => api.post<void>('/simulator/faults', input),
    onSuccess: refresh,
  });
}
