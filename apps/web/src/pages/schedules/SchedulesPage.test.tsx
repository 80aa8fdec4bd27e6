import type { Schedule } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import SchedulesPage from './SchedulesPage';

const maria = { id: 5, name: 'Maria Lima', number: '5511977776666' };
const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: 1,
  body: 'Lembrete da consulta',
  contactId: maria.id,
  contact: maria,
  ticketId: null,
  userId: 7,
  sendAt: '2030-05-06T12:30:00.000Z',
  sentAt: null,
  status: 'PENDENTE',
  mediaPath: null,
  mediaName: null,
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
  ...overrides,
});
const page = (schedules: Schedule[]) => () => jsonResponse(200, { schedules, count: schedules.length, hasMore: false });

afterEach(() => vi.unstubAllGlobals());

describe('<SchedulesPage>', { timeout: 20_000 }, () => {
  it('lists the schedules with their status, and opens a sent one read-only', async () => {
    await i18n.changeLanguage('pt');
    const sent = schedule({ id: 2, status: 'ENVIADA', sentAt: '2030-05-06T12:30:00.000Z' });
    serveApi({ 'GET /api/schedules': page([schedule(), sent, schedule({ id: 3, status: 'ERRO' })]), 'GET /api/schedules/2': () => jsonResponse(200, sent) });
    const user = userEvent.setup();
    renderWithApp(<SchedulesPage />, { user: sessionUser(), route: '/schedules' });
    await user.click(await screen.findByTestId('schedules-view-table'));
    expect((await screen.findByTestId('schedule-status-1')).textContent).toBe('Pendente');
    expect(screen.getByTestId('schedule-status-2').textContent).toBe('Enviada');
    expect(screen.getByTestId('schedule-status-3').textContent).toBe('Erro de Envio');
    expect(screen.getByTestId('schedule-row-1').textContent).toContain('Maria Lima');
    await user.click(screen.getByTestId('schedule-edit-2'));
    await waitFor(() => expect(screen.getByTestId('schedule-dialog-title').textContent).toBe('Mensagem enviada'));
    expect(screen.queryByTestId('schedule-save')).toBeNull();
  });

  it('asks before deleting a schedule and tells it was deleted', async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({ 'GET /api/schedules': page([schedule()]), 'DELETE /api/schedules/1': () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    renderWithApp(<SchedulesPage />, { user: sessionUser(), route: '/schedules' });
    await user.click(await screen.findByTestId('schedules-view-table'));
    await user.click(await screen.findByTestId('schedule-delete-1'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Excluir o agendamento para Maria Lima?')).toBeTruthy();
    await user.click(within(confirm).getByTestId('confirm-ok'));
    expect(await screen.findByText('Agendamento excluído com sucesso!')).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE' && s.url === '/api/schedules/1')).toBe(true);
  });

  it('shows the month’s schedules on the calendar by the contact’s name, asks only for the shown range, and offers edit and delete', async () => {
    await i18n.changeLanguage('pt');
    const soon = new Date();
    soon.setHours(15, 30, 0, 0);
    const sent = serveApi({
      'GET /api/schedules': page([schedule({ sendAt: soon.toISOString() })]),
      'GET /api/schedules/1': () => jsonResponse(200, schedule({ sendAt: soon.toISOString() })),
    });
    const user = userEvent.setup();
    renderWithApp(<SchedulesPage />, { user: sessionUser(), route: '/schedules' });
    const event = await screen.findByTestId('schedule-event-1');
    expect(event.textContent).toBe('Maria Lima');
    expect(screen.getByText('Mês')).toBeTruthy();
    expect(screen.getByText('Agenda')).toBeTruthy();
    const asked = new URL(sent.find((s) => s.url.startsWith('/api/schedules'))!.url, 'http://x');
    expect(new Date(asked.searchParams.get('from')!).getTime()).toBeLessThanOrEqual(soon.getTime());
    expect(new Date(asked.searchParams.get('to')!).getTime()).toBeGreaterThan(soon.getTime());

    await user.click(event);
    await user.click(await screen.findByTestId('schedule-event-delete'));
    expect(within(await screen.findByRole('dialog')).getByText('Excluir o agendamento para Maria Lima?')).toBeTruthy();
    await user.click(screen.getByTestId('confirm-cancel'));
    await user.click(screen.getByTestId('schedule-event-1'));
    await user.click(await screen.findByTestId('schedule-event-edit'));
    await waitFor(() => expect(screen.getByTestId('schedule-dialog-title').textContent).toBe('Editar agendamento'));
  });

  it('opens the add dialog for the contact named in ?contactId=', async () => {
    await i18n.changeLanguage('pt');
    serveApi({ 'GET /api/schedules': page([]), 'GET /api/contacts/5': () => jsonResponse(200, { ...maria, email: '', extraInfo: [] }) });
    renderWithApp(<SchedulesPage />, { user: sessionUser(), route: '/schedules?contactId=5' });
    await waitFor(() => expect(screen.getByTestId('schedule-dialog-title').textContent).toBe('Agendar mensagem'));
    expect((screen.getByTestId('schedule-contact') as HTMLInputElement).value).toBe('Maria Lima - 5511977776666');
  });
});
