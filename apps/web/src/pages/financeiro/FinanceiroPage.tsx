import type { Invoice } from '@atende/contract';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { CheckoutDialog, InvoicesTable, useBillingLive, useInvoices } from '../../features/billing';

/** /financeiro (Faturas): the company's invoices, each unpaid one payable by Pix. */
export default function FinanceiroPage() {
  const { t } = useTranslation('billing');
  const list = useInvoices();
  const [paying, setPaying] = useState<Invoice | null>(null);
  useBillingLive();
  const { rows: invoices, onScroll } = useInfiniteRows(list, (page) => page.invoices);

  return (
    <PageContainer title={t('title')} testId="financeiro-page" onScroll={onScroll}>
      {list.isFetching && <LinearProgress />}
      <InvoicesTable invoices={invoices} loading={list.isPending} onPay={setPaying} />
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </PageContainer>
  );
}
