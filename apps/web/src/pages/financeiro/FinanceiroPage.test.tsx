import type { Invoice, PixCharge } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import FinanceiroPage from './FinanceiroPage';

const invoice = (id: number, dueDate: string, status: Invoice['status']): Invoice => ({
  id,
  detail: 'Plano Ouro - MENSAL',
  value: 99,
  dueDate,
  status,
  paidAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const charge: PixCharge = { txid: 'a'.repeat(32), invoiceId: 2, qrcode: { qrcode: '00020126-pix-code' }, valor: { original: '99.00' }, demo: false };

function renderPage(socket: ReturnType<typeof fakeSocket>['socket'] | null = null) {
  return renderWithApp(
    <SocketContext.Provider value={{ socket, companyId: 3 }}>
      <FinanceiroPage />
    </SocketContext.Provider>,
    { user: sessionUser(), route: '/financeiro' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('<FinanceiroPage>', { timeout: 40_000 }, () => {
  it('shows Pago, Vencido and Em Aberto, tints the overdue row and offers PAGAR only on unpaid ones', async () => {
    await i18n.changeLanguage('pt');
    serveApi({
      'GET /api/invoices/all': () =>
        jsonResponse(200, { invoices: [invoice(1, '2020-01-01', 'paid'), invoice(2, '2020-02-01', 'open'), invoice(3, '2999-01-01', 'open')], count: 3, hasMore: false }),
    });
    renderPage();
    expect((await screen.findByTestId('invoice-status-1')).textContent).toBe('Pago');
    expect(screen.getByTestId('invoice-status-2').textContent).toBe('Vencido');
    expect(screen.getByTestId('invoice-status-3').textContent).toBe('Em Aberto');
    expect(screen.getByTestId('invoice-row-2').getAttribute('data-status')).toBe('overdue');
    expect(screen.queryByTestId('invoice-pay-1')).toBeNull();
    expect(screen.getByTestId('invoice-pay-2').textContent).toBe('PAGAR');
    expect(screen.getByTestId('invoice-pay-3')).toBeTruthy();
  });

  it('opens the checkout at Personalizar, asks for Dados, charges by Pix and confirms the renewal from the live event', async () => {
    await i18n.changeLanguage('pt');
    const live = fakeSocket();
    const sent = serveApi({
      'GET /api/invoices/all': () => jsonResponse(200, { invoices: [invoice(2, '2020-02-01', 'open')], count: 1, hasMore: false }),
      'GET /api/invoices/2': () => jsonResponse(200, invoice(2, '2020-02-01', 'open')),
      'POST /api/subscription': () => jsonResponse(200, charge),
      'GET /api/auth/me': () => jsonResponse(200, sessionUser({}, {})),
    });
    const user = userEvent.setup();
    renderPage(live.socket);
    await user.click(await screen.findByTestId('invoice-pay-2'));
    const dialog = screen.getByTestId('checkout-dialog');
    expect(within(dialog).getByText('Falta pouco!')).toBeTruthy();
    expect(within(dialog).getByTestId('checkout-step-customize')).toBeTruthy();
    await user.click(within(dialog).getByTestId('checkout-next'));
    await user.click(within(dialog).getByTestId('checkout-next'));
    for (const text of ['O nome completo é obrigatório', 'O Endereço é obrigatório', 'Cidade é obrigatória', 'CEP é obrigatório']) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByTestId('checkout-firstName'), 'Maria Souza');
    await user.type(within(dialog).getByTestId('checkout-address2'), 'Rua A, 1');
    await user.type(within(dialog).getByTestId('checkout-city'), 'Recife');
    await user.type(within(dialog).getByTestId('checkout-zipcode'), '50000-000');
    await user.click(within(dialog).getByTestId('checkout-next'));
    await user.click(within(dialog).getByTestId('checkout-next'));
    await user.click(within(dialog).getByTestId('checkout-next'));

    expect(await within(dialog).findByTestId('checkout-pix')).toBeTruthy();
    expect(within(dialog).getByTestId('checkout-qr').getAttribute('width')).toBe('256');
    expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({ firstName: 'Maria Souza', city: 'Recife', country: 'BR', invoiceId: 2, price: 99 });

    live.emit('company-3-payment', { action: 'CONCLUIDA', invoiceId: 2, dueDate: '2030-03-01' });
    await waitFor(() => expect(within(dialog).getByTestId('checkout-renewed').textContent).toContain('Sua licença foi renovada até'));
  });
});
