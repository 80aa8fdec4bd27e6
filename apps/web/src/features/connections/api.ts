import type { Connection, ConnectionInput, ConnectionUpdateInput } from '@atende/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api';
import { applyConnectionEvent, type ConnectionRow } from './connectionsCache';

export const connectionsKeys = {
  all: ['whatsapp'] as const,
  list: ['whatsapp', 'list'] as const,
  detail: (id: number) => ['whatsapp', 'detail', id] as const,
  /** The users dialog's default-connection select keeps its own copy. */
  options: ['whatsapp', 'options'] as const,
};

/** The company's connections; live events keep this one copy current (see useConnectionsLive). */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionsKeys.list,
    queryFn: ({ signal }) => api.get<ConnectionRow[]>('/whatsapp', undefined, { signal }),
    enabled,
  });
}

/** The full record for the edit dialog (token and Cloud settings are read fresh). */
export function useConnection(id: number | null) {
  return useQuery({
    queryKey: connectionsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Connection>(`/whatsapp/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Puts a server answer into the list at once; the live event that follows changes nothing more. */
function keepAnswer(queryClient: QueryClient, saved: Connection | undefined) {
  if (saved) {
    queryClient.setQueryData<ConnectionRow[]>(connectionsKeys.list, (list) =>
      applyConnectionEvent(list, { action: 'update', whatsapp: saved, whatsappId: saved.id }),
    );
  }
  void queryClient.invalidateQueries({ queryKey: connectionsKeys.options });
}

export type SaveConnectionInput = { id: number | null; input: ConnectionInput | ConnectionUpdateInput };

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveConnectionInput) =>
      id === null ? api.post<Connection>('/whatsapp', input) : api.put<Connection>(`/whatsapp/${id}`, input),
    onSuccess: (saved, { id }) => {
      keepAnswer(queryClient, saved);
      if (id !== null) queryClient.removeQueries({ queryKey: connectionsKeys.detail(id) });
    },
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/whatsapp/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ConnectionRow[]>(connectionsKeys.list, (list) => list?.filter((row) => row.id !== id));
      void queryClient.invalidateQueries({ queryKey: connectionsKeys.options });
    },
  });
}

/** POST tries again, PUT asks for a new QR, DELETE disconnects. */
export type SessionCommand = 'tryAgain' | 'newQr' | 'disconnect';

const SESSION_METHOD = { tryAgain: 'POST', newQr: 'PUT', disconnect: 'DELETE' } as const;

export function useSessionCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: SessionCommand }) =>
      apiRequest<Connection>(`/whatsappsession/${id}`, { method: SESSION_METHOD[command] }),
    onSuccess: (saved) => keepAnswer(queryClient, saved),
  });
}
