import type { Dashboard, TicketsPerDay, TicketsPerUser } from '@atende/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format, startOfMonth } from 'date-fns';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import DashboardPage from './DashboardPage';

const summary: Dashboard = {
  counters: { supportHappening: 4, supportPending: 2, supportFinished: 9, newContacts: 5, avgSupportTime: 65, avgWaitTime: 7.5 },
  attendants: [
    { id: 7, name: 'Ana Souza', rating: 2.5, avgSupportTime: 20, tickets: 6, online: true },
    { id: 9, name: 'Bruno Reis', rating: null, avgSupportTime: 0, tickets: 0, online: false },
  ],
  period: { from: '2025-03-01', to: '2025-03-20' },
};
const perUser: TicketsPerUser = { data: [{ userId: 7, name: 'Ana Souza', total: 6 }] };
const perDay: TicketsPerDay = { unit: 'day', data: [{ label: '2025-03-19', total: 3 }, { label: '2025-03-20', total: 12 }], total: 15 };

function serve(overrides: Partial<Record<'users' | 'days', () => Response>> = {}) {
  return serveApi({
    'GET /api/dashboard': () => jsonResponse(200, summary),
    'GET /api/users/list': () => jsonResponse(200, [{ id: 7, name: 'Ana Souza' }, { id: 9, name: 'Bruno Reis' }]),
    'GET /api/dashboard/ticketsUsers': overrides.users ?? (() => jsonResponse(200, perUser)),
    'GET /api/dashboard/ticketsDay': overrides.days ?? (() => jsonResponse(200, perDay)),
  });
}

const renderPage = () => renderWithApp(<DashboardPage />, { user: sessionUser({ profile: 'admin' }) });
const dashboardCalls = (sent: { url: string }[]) => sent.map((r) => r.url).filter((url) => url.startsWith('/api/dashboard?'));

/** Opens a select and picks the option with this text. */
function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).parentElement as HTMLElement).getByRole('combobox'));
  fireEvent.click(within(screen.getByRole('listbox')).getByText(option));
}

beforeAll(() => {
  // The charts measure their box; jsdom has no layout.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('<DashboardPage>', { timeout: 30_000 }, () => {
  it('opens on this month for every attendant and shows counters, attendants and chart totals', async () => {
    const sent = serve();
    renderPage();
    expect(await screen.findByText('9')).toBeTruthy();
    const today = new Date();
    expect(dashboardCalls(sent)[0]).toBe(`/api/dashboard?date_from=${format(startOfMonth(today), 'yyyy-MM-dd')}&date_to=${format(today, 'yyyy-MM-dd')}`);
    expect(screen.getByTestId('dashboard-counter-supportHappening').textContent).toContain('Em Conversa4');
    expect(screen.getByTestId('dashboard-counter-supportPending').textContent).toContain('Aguardando2');
    expect(screen.getByTestId('dashboard-counter-newContacts').textContent).toContain('Novos Contatos5');
    expect(screen.getByTestId('dashboard-counter-avgSupportTime-value').textContent).toBe('01h 05m');
    expect(screen.getByTestId('dashboard-counter-avgWaitTime-value').textContent).toBe('00h 08m');
    expect(screen.getByTestId('dashboard-attendant-7-rating').textContent).toBe('2.5');
    expect(screen.getByTestId('dashboard-attendant-7').textContent).toContain('00h 20m');
    expect(within(screen.getByTestId('dashboard-attendant-7-status')).getByTitle('Online')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-attendant-9-status')).getByTitle('Offline')).toBeTruthy();
    expect(screen.getByTestId('dashboard-attendant-9').textContent).toContain('Sem avaliações');
    expect(await screen.findByText('(Total: 15)')).toBeTruthy();
    // The charts ask for the days the counters were computed for.
    expect(sent.map((r) => r.url)).toContain('/api/dashboard/ticketsDay?initialDate=2025-03-01&finalDate=2025-03-20');

    // Filtrar again with the same filter reads fresh numbers.
    fireEvent.click(screen.getByTestId('dashboard-filter-apply'));
    await waitFor(() => expect(dashboardCalls(sent)).toHaveLength(2));
  });

  it('asks for a period and an attendant, and says "Parametrize o filtro" when no period is chosen', async () => {
    const sent = serve();
    renderPage();
    await screen.findByText('9');
    choose('dashboard-filter-type', 'Filtro por período');
    fireEvent.click(screen.getByTestId('dashboard-filter-apply'));
    expect(await screen.findByText('Parametrize o filtro')).toBeTruthy();
    expect(dashboardCalls(sent)).toHaveLength(1);

    choose('dashboard-filter-period', 'Últimos 7 dias');
    choose('dashboard-filter-user', 'Bruno Reis');
    fireEvent.click(screen.getByTestId('dashboard-filter-apply'));
    await waitFor(() => expect(dashboardCalls(sent)).toContain('/api/dashboard?days=7&user_id=9'));
    expect(screen.queryByText('Parametrize o filtro')).toBeNull();
    await waitFor(() => expect(sent.map((r) => r.url)).toContain('/api/dashboard/ticketsUsers?initialDate=2025-03-01&finalDate=2025-03-20&user_id=9'));
  });

  it('says "Parametrize o filtro" when both dates are cleared, in the chosen language', async () => {
    serve();
    await i18n.changeLanguage('en');
    renderPage();
    await screen.findByText('9');
    fireEvent.change(screen.getByTestId('dashboard-filter-from'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('dashboard-filter-to'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('dashboard-filter-apply'));
    expect(await screen.findByText('Set up the filter')).toBeTruthy();
  });

  it('keeps every row as tall as its content, so the attendants table never shrinks to its header', async () => {
    serve();
    renderPage();
    await screen.findByText('9');
    expect(getComputedStyle(screen.getByTestId('dashboard-page')).gridAutoRows).toBe('max-content');
  });

  it('shows and takes the dates in the chosen language’s order', async () => {
    const sent = serve();
    renderPage();
    await screen.findByText('9');
    const today = new Date();
    const from = screen.getByTestId('dashboard-filter-from') as HTMLInputElement;
    expect(from.value).toBe(format(startOfMonth(today), 'dd/MM/yyyy'));
    expect(from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    fireEvent.change(from, { target: { value: '04032025' } });
    expect(from.value).toBe('04/03/2025');
    fireEvent.click(screen.getByTestId('dashboard-filter-apply'));
    await waitFor(() => expect(dashboardCalls(sent).at(-1)).toContain('date_from=2025-03-04'));
    await act(() => i18n.changeLanguage('en'));
    expect(from.value).toBe('03/04/2025');
  });

  it('tells which chart could not be loaded', async () => {
    serve({ users: () => jsonResponse(500, { error: 'ERR_INTERNAL' }), days: () => jsonResponse(500, { error: 'ERR_INTERNAL' }) });
    renderPage();
    expect(await screen.findByText('Erro ao obter informações da conversa')).toBeTruthy();
    expect(await screen.findByText('Erro ao buscar informações dos tickets')).toBeTruthy();
  });
});
