import type { CampaignReport } from '@atende/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { campaignReport } from '../../../test/campaigns';
import { renderWithApp } from '../../../test/render';
import { serveApi, type RouteHandler } from '../../../test/serve';
import { CampaignDialog } from './CampaignDialog';

const pickers: Record<string, RouteHandler> = {
  'GET /api/contact-lists/list': () => jsonResponse(200, [{ id: 4, name: 'VIP', contactsCount: 10 }]),
  'GET /api/tags/list': () => jsonResponse(200, []),
  'GET /api/whatsapp': () => jsonResponse(200, []),
  'GET /api/files/list': () => jsonResponse(200, []),
};

beforeEach(async () => {
  await i18n.changeLanguage('pt');
});
afterEach(() => vi.unstubAllGlobals());

describe('<CampaignDialog>', { timeout: 20_000 }, () => {
  it('shows the confirmation variants only once confirmation is on', async () => {
    serveApi(pickers);
    renderWithApp(<CampaignDialog open campaignId={null} onClose={() => {}} />, { user: sessionUser() });
    expect(screen.getByTestId('campaign-message1')).toBeTruthy();
    expect(screen.queryByTestId('campaign-confirmationMessage1')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Confirmação' }));
    fireEvent.click(await screen.findByTestId('campaign-confirmation-on'));
    expect(await screen.findByTestId('campaign-confirmationMessage1')).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(5);
  });

  it('sends blank variants as null and the contact list chosen', async () => {
    const sent = serveApi({ ...pickers, 'POST /api/campaigns': (body) => jsonResponse(200, campaignReport(body as Partial<CampaignReport>)) });
    const user = userEvent.setup();
    renderWithApp(<CampaignDialog open campaignId={null} onClose={() => {}} />, { user: sessionUser() });
    await user.type(screen.getByTestId('campaign-name'), 'Natal');
    await user.type(screen.getByTestId('campaign-message1'), 'Olá');
    await user.click(screen.getByTestId('campaign-tab-2'));
    await user.type(screen.getByTestId('campaign-message2'), 'Oi');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Lista de contatos' }));
    fireEvent.click(await screen.findByTestId('campaign-contactListId-option-4'));
    await user.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const body = sent.find((s) => s.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Natal', message1: 'Olá', message2: 'Oi', message3: null, confirmationMessage1: null, contactListId: 4, tagListId: null, scheduledAt: null });
  });

  it('refuses a name shorter than 2 and sends nothing', async () => {
    const sent = serveApi(pickers);
    const user = userEvent.setup();
    renderWithApp(<CampaignDialog open campaignId={null} onClose={() => {}} />, { user: sessionUser() });
    await user.type(screen.getByTestId('campaign-name'), 'N');
    await user.click(screen.getByTestId('campaign-save'));
    expect(await within(screen.getByTestId('campaign-dialog')).findByText('Too Short!')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('is read-only and without save while in progress', async () => {
    serveApi({ ...pickers, 'GET /api/campaigns/9': () => jsonResponse(200, campaignReport({ status: 'EM_ANDAMENTO', editable: false })) });
    renderWithApp(<CampaignDialog open campaignId={9} onClose={() => {}} />, { user: sessionUser() });
    expect(await screen.findByTestId('campaign-read-only')).toBeTruthy();
    expect((screen.getByTestId('campaign-name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('campaign-message1') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByTestId('campaign-save')).toBeNull();
    expect(screen.queryByTestId('campaign-attach')).toBeNull();
  });

  it('is editable while scheduled more than an hour ahead, read-only within the hour', async () => {
    const later = new Date(Date.now() + 3 * 3600_000).toISOString();
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    serveApi({
      ...pickers,
      'GET /api/campaigns/9': () => jsonResponse(200, campaignReport({ status: 'PROGRAMADA', scheduledAt: later })),
      'GET /api/campaigns/10': () => jsonResponse(200, campaignReport({ id: 10, status: 'PROGRAMADA', scheduledAt: soon })),
    });
    const { unmount } = renderWithApp(<CampaignDialog open campaignId={9} onClose={() => {}} />, { user: sessionUser() });
    await waitFor(() => expect((screen.getByTestId('campaign-name') as HTMLInputElement).value).toBe('Natal'));
    expect((screen.getByTestId('campaign-name') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('campaign-save')).toBeTruthy();
    unmount();
    renderWithApp(<CampaignDialog open campaignId={10} onClose={() => {}} />, { user: sessionUser() });
    expect(await screen.findByTestId('campaign-read-only')).toBeTruthy();
    expect(screen.queryByTestId('campaign-save')).toBeNull();
  });

  it('keeps the save button for a cancelled campaign', async () => {
    serveApi({ ...pickers, 'GET /api/campaigns/9': () => jsonResponse(200, campaignReport({ status: 'CANCELADA', editable: false })) });
    renderWithApp(<CampaignDialog open campaignId={9} onClose={() => {}} />, { user: sessionUser() });
    expect(await screen.findByTestId('campaign-read-only')).toBeTruthy();
    expect(screen.getByTestId('campaign-save')).toBeTruthy();
  });
});
