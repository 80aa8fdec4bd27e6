import type { Invoice, InvoicesPage, PixCharge, SubscriptionInput } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const billingKeys = {
  all: ['billing'] as const,
  invoices: ['billing', 'invoices'] as const,
  invoice: (id: number) => ['billing', 'invoice', id] as const,
};

/** GET /invoices/all, page by page as the user scrolls. */
export function useInvoices() {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices,
    queryFn: ({ pageParam, signal }) => api.get<InvoicesPage>('/invoices/all', { pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: InvoicesPage, pages: unknown[]) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/**
 * One invoice, read again every few seconds while a charge waits: a company past its due date has
 * no live socket (the server refuses it until it pays), so its checkout learns of the payment here.
 */
export function useInvoiceWatch(id: number, watching: boolean) {
  return useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => api.get<Invoice>(`/invoices/${id}`, undefined, { signal }),
    enabled: watching,
    refetchInterval: watching ? 2000 : false,
    staleTime: 0,
  });
}

export function useSubscribe() {
  return useMutation({ mutationFn: (input: SubscriptionInput) => api.post<PixCharge>('/subscription', input) });
}

/** DEMO only: the built-in PSP pays the charge, as the payer's bank would. */
export function useDemoPay() {
  return useMutation({ mutationFn: (txid: string) => api.post<void>(`/demo-psp/pay/${txid}`, {}) });
}
