import { DEFAULT_QUEUE_SCHEDULES } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { queue, queueOption, settingsList } from '../../../test/queues';
import { renderWithApp } from '../../../test/render';
import { serveApi, type RouteHandler, type SentRequest } from '../../../test/serve';
import QueueDialog from './QueueDialog';

function openDialog(queueId: number | null, routes: Record<string, RouteHandler> = {}, scheduleType = 'disabled') {
  const sent = serveApi({ 'GET /api/settings': () => jsonResponse(200, settingsList({ scheduleType })), ...routes });
  const onClose = vi.fn();
  const { queryClient } = renderWithApp(<QueueDialog queueId={queueId} onClose={onClose} />, { user: sessionUser() });
  return { sent, onClose, queryClient, user: userEvent.setup() };
}

const writes = (sent: SentRequest[]) => sent.filter((s) => s.method !== 'GET');
const helperOf = (testId: string) => screen.getByTestId(testId).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('<QueueDialog>', { timeout: 20_000 }, () => {
  it.each([
    ['pt', 'Nome', 'Cor'],
    ['en', 'Name', 'Color'],
  ] as const)("in %s shows 'Required', then 'Too Short!' and 'Too Long!' under name and colour, and sends nothing", async (language, nameLabel, colorLabel) => {
    await i18n.changeLanguage(language);
    const { sent, user } = openDialog(null);
    expect(screen.getByLabelText(nameLabel)).toBeTruthy();
    expect(screen.getByLabelText(colorLabel)).toBeTruthy();

    await user.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(helperOf('queue-name')).toBe('Required'));
    expect(helperOf('queue-color')).toBe('Required');

    await user.type(screen.getByTestId('queue-name'), 'A');
    await user.type(screen.getByTestId('queue-color'), '#f');
    await user.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(helperOf('queue-name')).toBe('Too Short!'));
    expect(helperOf('queue-color')).toBe('Too Short!');

    await user.clear(screen.getByTestId('queue-name'));
    await user.type(screen.getByTestId('queue-name'), 'x'.repeat(51));
    await user.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(helperOf('queue-name')).toBe('Too Long!'));
    expect(writes(sent)).toEqual([]);
  });

  it('picks a colour from the 50-colour palette and creates the queue with the default week', async () => {
    const { sent, onClose, user } = openDialog(null, {
      'POST /api/queue': (body) => jsonResponse(200, queue({ id: 9, ...(body as object) })),
      'GET /api/queue/9': () => jsonResponse(200, queue({ id: 9, name: 'Suporte', color: '#2e7d32' })),
      'GET /api/queue-options': () => jsonResponse(200, []),
    });
    await user.type(screen.getByTestId('queue-name'), 'Suporte');
    await user.click(screen.getByTestId('queue-color-palette'));
    const palette = await screen.findByTestId('queue-palette');
    expect(within(palette).getAllByRole('button')).toHaveLength(50);
    await user.click(within(palette).getByRole('button', { name: '#2e7d32' }));
    expect((screen.getByTestId('queue-color') as HTMLInputElement).value).toBe('#2e7d32');
    expect(screen.getByTestId('queue-options-unsaved')).toBeTruthy();

    await user.click(screen.getByTestId('queue-save'));
    expect(await screen.findByText('Queue saved successfully')).toBeTruthy();
    expect(writes(sent)[0]).toMatchObject({
      method: 'POST',
      url: '/api/queue',
      body: { name: 'Suporte', color: '#2e7d32', orderQueue: null, greetingMessage: '', outOfHoursMessage: '', schedules: DEFAULT_QUEUE_SCHEDULES },
    });
    // Neither an AI prompt nor an integration was chosen: the queue's customers are the bot's and people's.
    expect(writes(sent)[0].body).toMatchObject({ promptId: null, integrationId: null });
    // The new queue stays open as an edit, so its options can be added.
    expect(await screen.findByText('Editar fila')).toBeTruthy();
    expect(await screen.findByTestId('queue-option-add')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the option tree numbered 1, 1.1, 2 and adds a child under 1 as 1.2', async () => {
    const tree = [queueOption(11, '1', 'Comprar', [queueOption(12, '1', 'À vista', [], 11)]), queueOption(13, '2', 'Trocar')];
    const { sent, user } = openDialog(5, {
      'GET /api/queue/5': () => jsonResponse(200, queue()),
      'GET /api/queue-options': () => jsonResponse(200, tree),
      'POST /api/queue-options': (body) => jsonResponse(200, { id: 14, option: '2', children: [], ...(body as object) }),
    });
    expect(await screen.findByTestId('queue-option-1.1')).toBeTruthy();
    const ordinals = screen.getAllByTestId('queue-option-ordinal').map((chip) => chip.textContent);
    expect(ordinals).toEqual(['1', '1.1', '2']);

    await user.click(screen.getByTestId('queue-option-add-child-1'));
    const form = screen.getByTestId('queue-option-form');
    expect(within(form).getByText('1.2')).toBeTruthy();
    await user.type(within(form).getByTestId('queue-option-title'), 'Parcelado');
    await user.type(within(form).getByTestId('queue-option-message'), 'Em até 10x');
    await user.click(within(form).getByTestId('queue-option-save'));

    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'POST', url: '/api/queue-options', body: { queueId: 5, parentId: 11, title: 'Parcelado', message: 'Em até 10x' } });
    await waitFor(() => expect(screen.queryByTestId('queue-option-form')).toBeNull());
  });

  it('refuses an option without a title', async () => {
    const { sent, user } = openDialog(5, { 'GET /api/queue/5': () => jsonResponse(200, queue()), 'GET /api/queue-options': () => jsonResponse(200, []) });
    await user.click(await screen.findByTestId('queue-option-add'));
    expect(within(screen.getByTestId('queue-option-form')).getByText('1')).toBeTruthy();
    await user.click(screen.getByTestId('queue-option-save'));
    expect(await screen.findByText('Informe o título da opção')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it.each(['disabled', 'company'])('offers no Horários de Atendimento when scheduleType is %s', async (scheduleType) => {
    const { queryClient } = openDialog(null, {}, scheduleType);
    await waitFor(() => expect(queryClient.getQueryData(['settings'])).toBeDefined());
    expect(screen.getByTestId('queue-tab-data').textContent).toBe('Dados da Fila');
    expect(screen.queryByTestId('queue-tab-schedules')).toBeNull();
  });

  it('edits the hours on the schedules tab with HH:MM masks and saves them with the queue', async () => {
    const { sent, onClose, user } = openDialog(
      5,
      {
        'GET /api/queue/5': () => jsonResponse(200, queue()),
        'GET /api/queue-options': () => jsonResponse(200, []),
        'PUT /api/queue/5': (body) => jsonResponse(200, queue(body as object)),
      },
      'queue',
    );
    const tab = await screen.findByTestId('queue-tab-schedules');
    expect(tab.textContent).toBe('Horários de Atendimento');
    await user.click(tab);
    expect(screen.getByTestId('queue-schedules-hint').textContent).toContain('clique em Salvar');
    expect((screen.getByTestId('queue-schedules-saturday-end') as HTMLInputElement).value).toBe('12:00');

    const mondayStart = screen.getByTestId('queue-schedules-monday-start');
    await user.clear(mondayStart);
    await user.type(mondayStart, '0930');
    expect((mondayStart as HTMLInputElement).value).toBe('09:30');
    const sundayEnd = screen.getByTestId('queue-schedules-sunday-end');
    await user.clear(sundayEnd);
    await user.type(sundayEnd, '2599');
    await user.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(helperOf('queue-schedules-sunday-end')).toBe('Valor inválido'));
    expect(writes(sent)).toEqual([]);

    await user.clear(sundayEnd);
    await user.type(sundayEnd, '0000');
    await user.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = writes(sent)[0].body as { schedules: { weekdayEn: string; startTime: string }[] };
    expect(body.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTime: '09:30', endTime: '18:00' });
  });

  it('keeps what is being typed when the queue is read again (an option saved meanwhile)', async () => {
    let greeting = 'Olá!';
    const { queryClient, user } = openDialog(5, {
      'GET /api/queue/5': () => jsonResponse(200, queue({ greetingMessage: greeting })),
      'GET /api/queue-options': () => jsonResponse(200, []),
    });
    await waitFor(() => expect((screen.getByTestId('queue-name') as HTMLInputElement).value).toBe('Vendas'));
    await user.clear(screen.getByTestId('queue-name'));
    await user.type(screen.getByTestId('queue-name'), 'Vendas Online');
    greeting = 'Bem-vindo!';
    await queryClient.invalidateQueries({ queryKey: ['queues'] });
    await waitFor(() => expect((screen.getByTestId('queue-greeting') as HTMLTextAreaElement).value).toBe('Bem-vindo!'));
    expect((screen.getByTestId('queue-name') as HTMLInputElement).value).toBe('Vendas Online');
  });

  it('translates a colour already used by another queue', async () => {
    const { user } = openDialog(5, {
      'GET /api/queue/5': () => jsonResponse(200, queue()),
      'GET /api/queue-options': () => jsonResponse(200, []),
      'PUT /api/queue/5': () => jsonResponse(409, { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }),
    });
    await waitFor(() => expect((screen.getByTestId('queue-name') as HTMLInputElement).value).toBe('Vendas'));
    await user.click(screen.getByTestId('queue-save'));
    expect(await screen.findByText('Esta cor já está em uso, escolha outra.')).toBeTruthy();
  });
});
