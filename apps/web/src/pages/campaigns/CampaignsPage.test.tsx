import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { campaignReport } from '../../test/campaigns';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import CampaignsPage from './CampaignsPage';

const { counts: _c, shipping: _s, ...base } = campaignReport();
const running = { ...base, id: 1, name: 'Natal', status: 'EM_ANDAMENTO' as const, scheduledAt: '2030-05-06T12:30:00.000Z' };
const cancelled = { ...base, id: 2, name: 'Páscoa', status: 'CANCELADA' as const, contactList: null, tagList: { id: 3, name: 'Clientes' }, whatsapp: null };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
});
afterEach(() => vi.unstubAllGlobals());

describe('<CampaignsPage>', { timeout: 20_000 }, () => {
  it('offers stop only in progress and restart only once cancelled, and shows a refusal as a toast', async () => {
    const sent = serveApi({
      'GET /api/campaigns': () => jsonResponse(200, { records: [running, cancelled], count: 2, hasMore: false }),
      'POST /api/campaigns/1/cancel': () => jsonResponse(200, { ...running, status: 'CANCELADA' }),
      'POST /api/campaigns/2/restart': () => jsonResponse(409, { error: 'ERR_CAMPAIGN_NOT_CANCELLED' }),
    });
    const user = userEvent.setup();
    renderWithApp(<CampaignsPage />, { user: sessionUser(), route: '/campaigns' });
    const first = await screen.findByTestId('campaign-row-1');
    expect(within(first).getByText('Em andamento')).toBeTruthy();
    expect(within(first).getByText('VIP')).toBeTruthy();
    expect(screen.queryByTestId('campaign-restart-1')).toBeNull();
    const second = screen.getByTestId('campaign-row-2');
    expect(within(second).getByText('Clientes')).toBeTruthy();
    expect(within(second).getByText('Não definida')).toBeTruthy();
    expect(screen.queryByTestId('campaign-stop-2')).toBeNull();

    await user.click(screen.getByTestId('campaign-stop-1'));
    expect(await screen.findByText('Campanha cancelada.')).toBeTruthy();
    await user.click(screen.getByTestId('campaign-restart-2'));
    expect(await screen.findByText('Só é possível reiniciar uma campanha cancelada.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual(['/api/campaigns/1/cancel', '/api/campaigns/2/restart']);
  });

  it('deletes a campaign only after the confirmation', async () => {
    const sent = serveApi({
      'GET /api/campaigns': () => jsonResponse(200, { records: [running], count: 1, hasMore: false }),
      'DELETE /api/campaigns/1': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderWithApp(<CampaignsPage />, { user: sessionUser(), route: '/campaigns' });
    await user.click(await screen.findByTestId('campaign-delete-1'));
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(within(screen.getByTestId('confirm-dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/campaigns/1']));
  });
});
