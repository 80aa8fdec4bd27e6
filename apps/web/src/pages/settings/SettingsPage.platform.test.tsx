import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPlan, jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import SettingsPage from './SettingsPage';

const superUser = sessionUser({ super: true });
const company = { id: 1, name: 'Empresa 1', email: 'e1@x.example', phone: '', planId: 1, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL', campaignsEnabled: true, createdAt: '2030-01-01T00:00:00.000Z', plan: fullPlan, schedules: [] };

afterEach(() => vi.unstubAllGlobals());

describe('the settings page', { timeout: 20_000 }, () => {
  it('shows Empresas and Planos to the super user only', async () => {
    serveApi({
      'GET /api/settings': () => jsonResponse(200, []),
      'GET /api/companies/list': () => jsonResponse(200, [company]),
      'GET /api/plans/all': () => jsonResponse(200, [fullPlan]),
    });
    const { unmount } = renderWithApp(<SettingsPage />, { user: superUser, route: '/settings' });
    expect((await screen.findByTestId('settings-tab-companies')).textContent).toBe('Empresas');
    expect(screen.getByTestId('settings-tab-plans').textContent).toBe('Planos');
    await userEvent.setup().click(screen.getByTestId('settings-tab-companies'));
    expect(await screen.findByTestId('company-row-1')).toBeTruthy();
    unmount();

    renderWithApp(<SettingsPage />, { user: sessionUser(), route: '/settings' });
    await screen.findByTestId('settings-tab-options');
    expect(screen.queryByTestId('settings-tab-companies')).toBeNull();
    expect(screen.queryByTestId('settings-tab-plans')).toBeNull();
  });
});
