import type { PaymentEventPayload } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live';
import { billingKeys } from './api';

/** A paid charge refreshes the invoices and tells the open checkout (`onPaid`). */
export function useBillingLive(onPaid?: (payment: PaymentEventPayload) => void): void {
  const queryClient = useQueryClient();
  useLiveEvent('payment', (payload) => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    onPaid?.(payload);
  });
}
