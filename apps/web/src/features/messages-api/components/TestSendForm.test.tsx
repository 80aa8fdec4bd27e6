import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { TestSendForm } from './TestSendForm';

afterEach(() => vi.unstubAllGlobals());

/** The calls the form made: the connection's token as bearer, never the session's. */
function stubEndpoint(status: number, answer: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return jsonResponse(status, answer);
  }));
  return calls;
}

describe('<TestSendForm>', { timeout: 20_000 }, () => {
  it('sends a text as JSON with the typed token and shows the answer', async () => {
    await i18n.changeLanguage('pt');
    const calls = stubEndpoint(200, { ticketId: 3, messages: [{ id: 9, body: 'Olá' }] });
    renderWithApp(<TestSendForm kind="text" />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('messages-api-text-token'), 'tok-123');
    await user.type(screen.getByTestId('messages-api-text-number'), '5511999999999');
    await user.type(screen.getByTestId('messages-api-text-body'), 'Olá');
    await user.click(screen.getByTestId('messages-api-text-send'));
    expect((await screen.findByTestId('messages-api-text-answer')).textContent).toContain('Resposta 200');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/messages/send');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ number: '5511999999999', body: 'Olá' });
  });

  it('requires token, number and a file for the media test, then sends multipart `medias`', async () => {
    await i18n.changeLanguage('pt');
    const calls = stubEndpoint(401, { error: 'ERR_INVALID_API_TOKEN' });
    renderWithApp(<TestSendForm kind="media" />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('messages-api-media-send'));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(calls).toHaveLength(0);

    await user.type(screen.getByTestId('messages-api-media-token'), 'errado');
    await user.type(screen.getByTestId('messages-api-media-number'), '5511999999999');
    await user.upload(screen.getByTestId('messages-api-media-file'), new File(['%PDF'], 'boleto.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByTestId('messages-api-media-send'));
    expect((await screen.findByTestId('messages-api-media-answer')).textContent).toContain('ERR_INVALID_API_TOKEN');
    const form = calls[0].init.body as FormData;
    expect((form.get('medias') as File).name).toBe('boleto.pdf');
    expect(form.get('number')).toBe('5511999999999');
  });
});
