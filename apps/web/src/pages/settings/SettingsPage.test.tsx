import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { useSessionLiveEvents } from '../../features/live/useSessionLiveEvents';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { settingsList } from '../../test/queues';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi, type RouteHandler } from '../../test/serve';
import SettingsPage from './SettingsPage';

function SessionEvents() {
  useSessionLiveEvents();
  return null;
}

function openPage(scheduleType: string, routes: Record<string, RouteHandler> = {}) {
  const sent = serveApi({
    'GET /api/settings': () => jsonResponse(200, settingsList({ scheduleType })),
    'PUT /api/settings/scheduleType': (body) => jsonResponse(200, { key: 'scheduleType', value: (body as { value: string }).value }),
    'PUT /api/settings/userRating': (body) => jsonResponse(200, { key: 'userRating', value: (body as { value: string }).value }),
    'GET /api/companies/3': () => jsonResponse(200, { id: 3, name: 'Acme', schedules: [] }),
    ...routes,
  });
  const live = fakeSocket();
  const rendered = renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <SessionEvents />
      <SettingsPage />
    </SocketContext.Provider>,
    { user: sessionUser(), route: '/settings' },
  );
  return { sent, live, user: userEvent.setup(), queryClient: rendered.queryClient };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('<SettingsPage>', { timeout: 20_000 }, () => {
  it('lists every option with its values and saves a change at once with the spec toast', async () => {
    const { sent, user, queryClient } = openPage('disabled');
    await waitFor(() => expect(queryClient.getQueryData(['settings'])).toBeDefined());
    const options = screen.getByTestId('settings-options');
    expect(within(options).getAllByRole('combobox')).toHaveLength(8);
    for (const label of ['Avaliações', 'Gerenciamento de Expediente', 'Aceitar Chamada', 'Ignorar Mensagens de Grupos', 'Tipo Chatbot', 'Enviar saudação ao aceitar o ticket', 'Enviar mensagem de transferência de Fila/agente', 'Enviar saudação quando houver somente 1 fila']) {
      expect(within(options).getByRole('combobox', { name: label })).toBeTruthy();
    }
    expect(within(options).getByRole('combobox', { name: 'Tipo Chatbot' }).textContent).toBe('Texto');

    await user.click(screen.getByRole('combobox', { name: 'Gerenciamento de Expediente' }));
    const choices = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(choices).toEqual(['Desabilitado', 'Fila', 'Empresa']);
    await user.keyboard('{Escape}');

    await choose(user, 'Avaliações', 'Habilitado');
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/settings/userRating', body: { key: 'userRating', value: 'enabled' } }]);
  });

  it('shows Horários only while scheduleType is company, following the setting live', async () => {
    const { user, live, queryClient } = openPage('disabled');
    await waitFor(() => expect(queryClient.getQueryData(['settings'])).toBeDefined());
    expect(screen.getByTestId('settings-tab-options').textContent).toBe('Opções');
    expect(screen.queryByTestId('settings-tab-schedules')).toBeNull();

    await choose(user, 'Gerenciamento de Expediente', 'Empresa');
    expect((await screen.findByTestId('settings-tab-schedules')).textContent).toBe('Horários');

    // Another admin switches to hours per queue: the tab goes away here too.
    live.emit('company-3-settings', { action: 'update', setting: { key: 'scheduleType', value: 'queue' } });
    await waitFor(() => expect(screen.queryByTestId('settings-tab-schedules')).toBeNull());
  });

  it('starts the company hours empty for the seven days and saves them', async () => {
    const { sent, user } = openPage('company', {
      'PUT /api/companies/3/schedules': (body) => jsonResponse(200, { id: 3, name: 'Acme', ...(body as object) }),
    });
    await user.click(await screen.findByTestId('settings-tab-schedules'));
    const rows = await screen.findByTestId('company-schedule');
    const inputs = within(rows).getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs).toHaveLength(14);
    expect(inputs.every((input) => input.value === '')).toBe(true);
    expect(within(rows).getByText('Domingo')).toBeTruthy();

    await user.type(screen.getByTestId('company-schedule-monday-start'), '0800');
    await user.type(screen.getByTestId('company-schedule-monday-end'), '1730');
    await user.type(screen.getByTestId('company-schedule-tuesday-start'), '9');
    await user.click(screen.getByTestId('company-schedules-save'));
    expect(await within(rows).findByText('Valor inválido')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/schedules'))).toBe(false);

    await user.type(screen.getByTestId('company-schedule-tuesday-start'), '{Backspace}0900');
    await user.click(screen.getByTestId('company-schedules-save'));
    expect(await screen.findByText('Horários atualizados com sucesso.')).toBeTruthy();
    const put = sent.find((s) => s.url === '/api/companies/3/schedules');
    const schedules = (put?.body as { schedules: { weekdayEn: string; startTime: string; endTime: string }[] }).schedules;
    expect(schedules.map((day) => day.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(schedules[0]).toMatchObject({ weekday: 'Segunda-feira', startTime: '08:00', endTime: '17:30' });
    expect(schedules[1]).toMatchObject({ startTime: '09:00', endTime: '' });
  });
});
