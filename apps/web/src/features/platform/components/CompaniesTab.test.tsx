import type { Company } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, addDays } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPlan, jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { CompaniesTab } from './CompaniesTab';
import { PlansTab } from './PlansTab';
import { SubscriptionView } from './SubscriptionView';

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

function company(id: number, dueInDays: number | null, overrides: Partial<Company> = {}): Company {
  return {
    id, name: `Empresa ${id}`, email: `e${id}@x.example`, phone: '', planId: 1, status: true,
    dueDate: dueInDays === null ? null : day(dueInDays), recurrence: 'MENSAL', campaignsEnabled: true,
    createdAt: '2030-01-01T00:00:00.000Z', plan: fullPlan, schedules: [], ...overrides,
  };
}

const superUser = sessionUser({ super: true });

afterEach(() => vi.unstubAllGlobals());

describe('<CompaniesTab>', { timeout: 20_000 }, () => {
  it('tints rows by days to the due date and advances one by its recurrence', async () => {
    const rows = [company(1, 5), company(2, -3), company(3, 4), company(4, -4), company(5, 6), company(6, null), company(7, 0, { recurrence: 'ANUAL' })];
    const sent = serveApi({
      'GET /api/companies/list': () => jsonResponse(200, rows),
      'GET /api/plans/all': () => jsonResponse(200, [fullPlan]),
      'GET /api/settings': () => jsonResponse(200, []),
      'PUT /api/companies/7': (body) => jsonResponse(200, { ...rows[6], ...(body as object) }),
    });
    renderWithApp(<CompaniesTab />, { user: superUser, route: '/settings' });
    await screen.findByTestId('companies-table');
    const tones = rows.map((r) => screen.getByTestId(`company-row-${r.id}`).getAttribute('data-tone'));
    expect(tones).toEqual(['warning', 'danger', 'danger', 'expired', 'none', 'none', 'danger']);

    await userEvent.setup().click(screen.getByTestId('company-advance-7'));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Empresa 7', planId: 1, recurrence: 'ANUAL', dueDate: format(addDays(new Date(), 0), 'yyyy-MM-dd').replace(/^(\d{4})/, (y) => String(Number(y) + 1)) });
  });

  it('offers only MENSAL and ANUAL, and shows the spec text when a save fails', async () => {
    serveApi({
      'GET /api/companies/list': () => jsonResponse(200, []),
      'GET /api/plans/all': () => jsonResponse(200, [fullPlan]),
      'GET /api/settings': () => jsonResponse(200, []),
      'POST /api/companies': () => jsonResponse(409, { error: 'ERR_COMPANY_NAME_IN_USE' }),
    });
    const user = userEvent.setup();
    renderWithApp(<CompaniesTab />, { user: superUser, route: '/settings' });
    const form = await screen.findByTestId('company-form');
    await user.click(screen.getByTestId('company-recurrence'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Mensal', 'Anual']);
    await user.keyboard('{Escape}');
    await user.type(within(form).getByTestId('company-name'), 'Padaria');
    await user.type(within(form).getByTestId('company-email'), 'dono@padaria.example');
    await user.click(screen.getByTestId('company-planId'));
    await user.click(await screen.findByRole('option', { name: 'Completo' }));
    await user.type(within(form).getByTestId('company-password'), 'Senha-forte-1');
    await user.click(screen.getByTestId('company-save'));
    expect(
      await screen.findByText('Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente.'),
    ).toBeTruthy();
  });
});

describe('<PlansTab>', { timeout: 20_000 }, () => {
  it('lists limits, the value per month and the seven flags', async () => {
    serveApi({ 'GET /api/plans/all': () => jsonResponse(200, [{ ...fullPlan, value: 149.9, useKanban: false }]) });
    renderWithApp(<PlansTab />, { user: superUser, route: '/settings' });
    const row = await screen.findByTestId('plan-row-1');
    expect(row.textContent).toMatch(/R\$\s149,90 \/ mês/);
    expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(5, 12)).toEqual(['Sim', 'Sim', 'Sim', 'Sim', 'Não', 'Sim', 'Sim']);
  });

  it('shows the load failure text', async () => {
    serveApi({ 'GET /api/plans/all': () => jsonResponse(500, { error: 'ERR_INTERNAL' }) });
    renderWithApp(<PlansTab />, { user: superUser, route: '/settings' });
    expect(await screen.findByText('Não foi possível carregar a lista de registros.')).toBeTruthy();
  });
});

describe('<SubscriptionView>', () => {
  it('counts the trial days left and leads to the invoices', async () => {
    const base = sessionUser();
    renderWithApp(<SubscriptionView />, { user: { ...base, company: { ...base.company, trialExpiration: day(2), email: 'billing@acme.test' } }, route: '/subscription' });
    expect(screen.getByTestId('subscription-trial').textContent).toBe('Seu período de teste termina em 2 dias.');
    expect((screen.getByTestId('subscription-email') as HTMLInputElement).value).toBe('billing@acme.test');
    expect(screen.getByTestId('subscription-subscribe').getAttribute('href')).toBe('/financeiro');
  });
});
