import type { QueueIntegration } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import QueueIntegrationsPage from './QueueIntegrationsPage';

const base: QueueIntegration = {
  id: 7, type: 'dialogflow', name: 'Agente virtual', projectName: 'atende-agent', jsonContent: '', hasJsonContent: true,
  serviceAccountEmail: 'bot@atende-agent.iam.gserviceaccount.com', language: 'pt-BR', urlN8N: '', signingSecret: null, typebotSlug: '',
  typebotExpires: 1, typebotDelayMessage: 1000, typebotKeywordFinish: '', typebotKeywordRestart: '', typebotUnknownMessage: '',
  typebotRestartMessage: '', createdAt: '2030-05-01T10:00:00.000Z', updatedAt: '2030-05-01T10:00:00.000Z',
};
const typebot: QueueIntegration = { ...base, id: 8, type: 'typebot', name: 'Fluxo', hasJsonContent: false, serviceAccountEmail: null, urlN8N: 'https://typebot.example.com', typebotSlug: 'vendas' };

afterEach(() => vi.unstubAllGlobals());

describe('<QueueIntegrationsPage>', { timeout: 30_000 }, () => {
  it('lists integrations with their type logo, id and name, and tests a Dialogflow session with the JSON typed', async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({
      'GET /api/queueIntegration/': () => jsonResponse(200, { queueIntegrations: [base, typebot], count: 2, hasMore: false }),
      'GET /api/queueIntegration/7': () => jsonResponse(200, base),
      'POST /api/queueIntegration/testSession': () => jsonResponse(200, { ok: true, reply: 'Olá! Em que posso ajudar?' }),
    });
    const user = userEvent.setup();
    renderWithApp(<QueueIntegrationsPage />, { user: sessionUser(), route: '/queue-integration' });
    const row = await screen.findByTestId('integration-row-7');
    expect(within(row).getByTestId('integration-logo-dialogflow')).toBeTruthy();
    expect(row.textContent).toContain('Agente virtual');
    expect(within(screen.getByTestId('integration-row-8')).getByTestId('integration-logo-typebot')).toBeTruthy();

    await user.click(screen.getByTestId('integration-edit-7'));
    const json = await screen.findByTestId('integration-jsonContent');
    expect((json as HTMLTextAreaElement).value).toBe('');
    expect(json.getAttribute('placeholder')).toContain('bot@atende-agent.iam.gserviceaccount.com');
    await user.click(json);
    await user.paste('{"client_email":"x"}');
    await user.click(screen.getByTestId('integration-test-session'));
    expect(await screen.findByText('Sessão aberta. Resposta do agente: Olá! Em que posso ajudar?')).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ projectName: 'atende-agent', jsonContent: '{"client_email":"x"}', language: 'pt-BR' });
  });

  it('adds a webhook: explains the signed call and its answer, asks for the URL, then sends it', async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({
      'GET /api/queueIntegration/': () => jsonResponse(200, { queueIntegrations: [], count: 0, hasMore: false }),
      'POST /api/queueIntegration': () => jsonResponse(200, { ...base, id: 9, type: 'webhook', name: 'Receptor' }),
    });
    const user = userEvent.setup();
    renderWithApp(<QueueIntegrationsPage />, { user: sessionUser(), route: '/queue-integration' });
    await user.click(await screen.findByTestId('integrations-add'));
    expect((screen.getByTestId('integration-typebotDelayMessage') as HTMLInputElement).value).toBe('1000');
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(screen.getByRole('option', { name: 'Webhook' }));
    expect(screen.getByTestId('integration-webhook-help').textContent).toContain('X-Atende-Signature');
    expect(screen.queryByTestId('integration-typebotSlug')).toBeNull();
    await user.type(screen.getByTestId('integration-name'), 'Receptor');
    await user.click(screen.getByTestId('integration-save'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
    await user.type(screen.getByTestId('integration-urlN8N'), 'https://n8n.example.com/webhook/1');
    await user.click(screen.getByTestId('integration-save'));
    await waitFor(() => expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({ type: 'webhook', name: 'Receptor', urlN8N: 'https://n8n.example.com/webhook/1' }));
  });
});
