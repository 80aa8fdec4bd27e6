import type { WebhookSubscription } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { WebhooksSettingsTab } from './WebhooksSettingsTab';

const failing: WebhookSubscription = {
  id: 4, url: 'https://erp.example.com/hooks', events: ['ticket.closed', 'message.created'], active: false, disabledReason: 'failures',
  disabledAt: '2030-01-01T00:00:00.000Z', consecutiveFailures: 20, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z',
};
const SECRET = 'whsec_segredo-mostrado-uma-vez-0123456789abcdef';

afterEach(() => vi.unstubAllGlobals());

describe('Settings > Webhooks', { timeout: 20_000 }, () => {
  it('lists webhooks with their state, adds one and shows its secret once', async () => {
    const sent = serveApi({
      'GET /api/webhook-subscriptions': () => jsonResponse(200, [failing]),
      'POST /api/webhook-subscriptions': (body) => jsonResponse(200, { ...failing, id: 5, ...(body as object), disabledReason: null, consecutiveFailures: 0, secret: SECRET }),
    });
    renderWithApp(<WebhooksSettingsTab />, { user: sessionUser(), route: '/settings' });
    const row = await screen.findByTestId('webhook-row-4');
    expect(within(row).getByTestId('webhook-cell-status').textContent).toBe('Desativado após falhas');
    expect(row.textContent).toContain('Ticket finalizado, Mensagem recebida ou enviada');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('webhook-add'));
    await user.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(screen.getByTestId('webhook-url'), 'https://crm.example.com/atende');
    await user.click(screen.getByTestId('webhook-event-contact.created'));
    await user.click(screen.getByTestId('webhook-save'));

    expect(await screen.findByTestId('webhook-secret-dialog')).toBeTruthy();
    expect((screen.getByTestId('webhook-secret') as HTMLInputElement).value).toBe(SECRET);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ url: 'https://crm.example.com/atende', events: ['message.created', 'contact.created'], active: true });
    await user.click(screen.getByTestId('webhook-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });
});
