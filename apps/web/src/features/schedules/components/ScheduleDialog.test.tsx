import type { Schedule } from '@atende/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { ScheduleDialog } from './ScheduleDialog';
import { defaultSendAt } from './scheduleForm';

afterEach(() => vi.unstubAllGlobals());

const maria = { id: 5, name: 'Maria Lima', number: '5511977776666' };

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 3,
    body: 'Lembrete da consulta',
    contactId: maria.id,
    contact: maria,
    ticketId: 11,
    userId: 7,
    sendAt: '2030-05-06T12:30:00.000Z',
    sentAt: null,
    status: 'PENDENTE',
    mediaPath: null,
    mediaName: null,
    createdAt: '2030-05-01T10:00:00.000Z',
    updatedAt: '2030-05-01T10:00:00.000Z',
    ...overrides,
  };
}

// Typing into MUI dialogs is slow on a busy machine; the default 5 s is too tight.
describe('<ScheduleDialog>', { timeout: 20_000 }, () => {
  it("starts with the ticket's contact and a time one hour ahead", async () => {
    await i18n.changeLanguage('pt');
    serveApi({});
    const before = defaultSendAt();
    renderWithApp(<ScheduleDialog open scheduleId={null} contact={maria} onClose={() => {}} />, { user: sessionUser() });
    const after = defaultSendAt();
    expect((screen.getByTestId('schedule-contact') as HTMLInputElement).value).toBe('Maria Lima - 5511977776666');
    expect([before, after]).toContain((screen.getByTestId('schedule-send-at') as HTMLInputElement).value);
    expect(screen.getByTestId('schedule-dialog-title').textContent).toBe('Agendar mensagem');
  });

  it.each([
    ['pt', 'Mensagem muito curta', 'Obrigatório'],
    ['en', 'Message too short', 'Required'],
    ['es', 'Mensaje demasiado corto', 'Obligatorio'],
  ])('in %s, names a short message and a missing time, and sends nothing', async (language, short, required) => {
    await i18n.changeLanguage(language);
    const sent = serveApi({});
    const user = userEvent.setup();
    renderWithApp(<ScheduleDialog open scheduleId={null} contact={maria} onClose={() => {}} />, { user: sessionUser() });
    await user.type(screen.getByTestId('schedule-body'), 'oi');
    fireEvent.change(screen.getByTestId('schedule-send-at'), { target: { value: '' } });
    await user.click(screen.getByTestId('schedule-save'));
    const dialog = screen.getByTestId('schedule-dialog');
    expect(await within(dialog).findByText(short)).toBeTruthy();
    expect(within(dialog).getByText(required)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('schedules the message for the ticket and tells it was saved', async () => {
    await i18n.changeLanguage('pt');
    const sent = serveApi({ 'POST /api/schedules': (body) => jsonResponse(200, schedule({ ...(body as object) })) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ScheduleDialog open scheduleId={null} contact={maria} ticket={{ id: 11, contactId: maria.id }} onClose={onClose} />, { user: sessionUser() });
    await user.type(screen.getByTestId('schedule-body'), 'Lembrete da consulta');
    fireEvent.change(screen.getByTestId('schedule-send-at'), { target: { value: '2030-05-06T09:30' } });
    await user.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Agendamento salvo com sucesso!')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { body: 'Lembrete da consulta', contactId: maria.id, ticketId: 11, sendAt: new Date('2030-05-06T09:30').toISOString() },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("titles a failed schedule 'Erro de Envio' and hides save once the message was sent", async () => {
    await i18n.changeLanguage('pt');
    serveApi({
      'GET /api/schedules/3': () => jsonResponse(200, schedule({ status: 'ERRO' })),
      'GET /api/schedules/4': () => jsonResponse(200, schedule({ id: 4, status: 'ENVIADA', sentAt: '2030-05-06T12:30:00.000Z' })),
    });
    const failed = renderWithApp(<ScheduleDialog open scheduleId={3} onClose={() => {}} />, { user: sessionUser() });
    await waitFor(() => expect(screen.getByTestId('schedule-dialog-title').textContent).toBe('Erro de Envio'));
    expect(screen.getByTestId('schedule-save')).toBeTruthy();
    failed.unmount();

    renderWithApp(<ScheduleDialog open scheduleId={4} onClose={() => {}} />, { user: sessionUser() });
    await waitFor(() => expect(screen.getByTestId('schedule-dialog-title').textContent).toBe('Mensagem enviada'));
    expect(await screen.findByDisplayValue('Lembrete da consulta')).toBeTruthy();
    expect(screen.queryByTestId('schedule-save')).toBeNull();
  });
});
