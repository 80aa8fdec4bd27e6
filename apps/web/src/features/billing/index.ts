export { InvoicesTable } from './components/InvoicesTable';
export { CheckoutDialog } from './components/CheckoutDialog';
export { useInvoices } from './api';
export { useBillingLive } from './useBillingLive';
