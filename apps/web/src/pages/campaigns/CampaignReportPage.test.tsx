import type { CampaignReport } from '@atende/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { i18n } from '../../app/i18n';
import { campaignReport } from '../../test/campaigns';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import CampaignReportPage from './CampaignReportPage';

beforeEach(async () => {
  await i18n.changeLanguage('pt');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderReport() {
  const live = fakeSocket();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <Routes>
        <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
      </Routes>
    </SocketContext.Provider>,
    { user: sessionUser(), route: '/campaign/9/report' },
  );
  return live;
}

describe('<CampaignReportPage>', { timeout: 20_000 }, () => {
  it('moves with the live counts, and reloads 5 s after the finished status arrives', async () => {
    let answer: CampaignReport = campaignReport({ status: 'EM_ANDAMENTO' });
    const sent = serveApi({ 'GET /api/campaigns/9': () => jsonResponse(200, answer) });
    const reads = () => sent.filter((s) => s.url.startsWith('/api/campaigns/9')).length;
    const live = renderReport();
    expect((await screen.findByTestId('campaign-report-delivered')).textContent).toBe('0 de 10 entregues');
    expect(screen.getByTestId('campaign-report-status').textContent).toBe('Em andamento');

    const counts = { validContacts: 10, shippings: 4, delivered: 4, confirmationRequested: 0, confirmed: 0 };
    act(() => live.emit('company-3-campaign', { action: 'progress', campaignId: 9, counts }));
    await waitFor(() => expect(screen.getByTestId('campaign-report-delivered').textContent).toBe('4 de 10 entregues'));
    expect(screen.getByTestId('campaign-report-progress').getAttribute('aria-valuenow')).toBe('40');
    // Another campaign's progress leaves this report alone.
    act(() => live.emit('company-3-campaign', { action: 'progress', campaignId: 8, counts: { ...counts, delivered: 9 } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('campaign-report-delivered').textContent).toBe('4 de 10 entregues');
    expect(reads()).toBe(1);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = campaignReport({ status: 'FINALIZADA', counts: { ...counts, delivered: 10, shippings: 10 } });
    const { counts: _c, shipping: _s, ...record } = campaignReport({ status: 'FINALIZADA' });
    act(() => live.emit('company-3-campaign', { action: 'update', record }));
    await waitFor(() => expect(screen.getByTestId('campaign-report-status').textContent).toBe('Finalizada'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_900);
    });
    expect(reads()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(reads()).toBe(2));
    expect((await screen.findByText('10 de 10 entregues')).getAttribute('data-testid')).toBe('campaign-report-delivered');
  });
});
