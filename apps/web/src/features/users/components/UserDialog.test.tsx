import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import UserDialog from './UserDialog';

afterEach(() => vi.unstubAllGlobals());

describe('<UserDialog>', () => {
  it("shows 'Too Short!', 'Invalid email' and 'Required' under the fields and sends nothing", async () => {
    const sent = serveApi({ 'GET /api/queue': () => jsonResponse(200, []) });
    const user = userEvent.setup();
    renderWithApp(<UserDialog open userId={null} onClose={() => {}} />, { user: sessionUser() });

    await user.type(screen.getByTestId('user-name'), 'A');
    await user.type(screen.getByTestId('user-email'), 'not-an-email');
    await user.click(screen.getByTestId('user-save'));

    const dialog = screen.getByTestId('user-dialog');
    expect(await within(dialog).findByText('Too Short!')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email')).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it("shows 'Required' for an empty name and 'Too Long!' past 50 characters", async () => {
    serveApi({ 'GET /api/queue': () => jsonResponse(200, []) });
    const user = userEvent.setup();
    renderWithApp(<UserDialog open userId={null} onClose={() => {}} />, { user: sessionUser() });
    await user.click(screen.getByTestId('user-save'));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(3);

    await user.type(screen.getByTestId('user-name'), 'x'.repeat(51));
    expect(await screen.findByText('Too Long!')).toBeTruthy();
  });

  it('creates a user with the default profile and tells it was saved', async () => {
    const sent = serveApi({
      'GET /api/queue': () => jsonResponse(200, [{ id: 1, name: 'Vendas', color: '#f00' }]),
      'GET /api/whatsapp': () => jsonResponse(404, { error: 'ERR_NOT_FOUND' }),
      'POST /api/users': (body) => jsonResponse(201, { id: 12, ...(body as object) }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<UserDialog open userId={null} onClose={onClose} />, { user: sessionUser() });

    await user.type(screen.getByTestId('user-name'), 'Carla Souza');
    await user.type(screen.getByTestId('user-email'), 'Carla@Example.com');
    await user.type(screen.getByTestId('user-password'), 'senha-segura1');
    await user.click(screen.getByTestId('user-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      name: 'Carla Souza',
      email: 'carla@example.com',
      password: 'senha-segura1',
      profile: 'user',
      allTicket: 'desabled',
      whatsappId: null,
      queueIds: [],
    });
    expect(await screen.findByText('Usuário salvo com sucesso!')).toBeTruthy();
  });

  it('puts the field errors of the server under the fields', async () => {
    serveApi({
      'GET /api/queue': () => jsonResponse(200, []),
      'POST /api/users': () => jsonResponse(400, { error: 'ERR_VALIDATION', fields: { email: 'invalidEmail' } }),
    });
    const user = userEvent.setup();
    renderWithApp(<UserDialog open userId={null} onClose={() => {}} />, { user: sessionUser() });
    await user.type(screen.getByTestId('user-name'), 'Carla');
    await user.type(screen.getByTestId('user-email'), 'carla@example.com');
    await user.type(screen.getByTestId('user-password'), 'senha-segura1');
    await user.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
  });

  it('lets a plain user edit only name, email and password of their own profile', async () => {
    const me = sessionUser({ profile: 'user' });
    const sent = serveApi({
      [`GET /api/users/${me.id}`]: () => jsonResponse(200, me),
      [`PUT /api/users/${me.id}`]: (body) => jsonResponse(200, { ...me, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderWithApp(<UserDialog open userId={me.id} onClose={() => {}} />, { user: me });

    const name = (await screen.findByTestId('user-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Ana Souza'));
    expect(screen.queryByTestId('user-profile')).toBeNull();
    expect(screen.queryByTestId('user-queues')).toBeNull();
    expect(screen.queryByTestId('user-whatsapp')).toBeNull();
    expect(sent.some((s) => s.url === '/api/queue' || s.url === '/api/whatsapp')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Ana Lima');
    await user.click(screen.getByTestId('user-save'));
    // An empty password keeps the current one: it is not sent at all.
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')?.body).toMatchObject({ name: 'Ana Lima', email: me.email }));
    expect(sent.find((s) => s.method === 'PUT')?.body).not.toHaveProperty('password');
  });

  it('keeps what the user typed when the user is fetched again meanwhile', async () => {
    const me = sessionUser({ profile: 'user' });
    // Each fetch answers a changed record (as after a live update), so the refetch reaches the form.
    let fetches = 0;
    serveApi({ [`GET /api/users/${me.id}`]: () => jsonResponse(200, { ...me, updatedAt: new Date(Date.UTC(2026, 0, ++fetches)).toISOString() }) });
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<UserDialog open userId={me.id} onClose={() => {}} />, { user: me });
    const name = (await screen.findByTestId('user-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Ana Souza'));
    await user.clear(name);
    await user.type(name, 'Ana Lima');
    await queryClient.refetchQueries({ queryKey: ['users', 'detail', me.id] });
    expect(fetches).toBe(2);
    // Let React render the refetched record and run its effects before looking at the field.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(name.value).toBe('Ana Lima');
  });

  it('offers profile, queues and default connection to an admin', async () => {
    serveApi({
      'GET /api/queue': () => jsonResponse(200, [{ id: 1, name: 'Vendas', color: '#f00' }]),
      'GET /api/whatsapp': () => jsonResponse(200, [{ id: 4, name: 'Comercial' }]),
    });
    renderWithApp(<UserDialog open userId={null} onClose={() => {}} />, { user: sessionUser() });
    expect(screen.getByTestId('user-profile')).toBeTruthy();
    expect(screen.getByTestId('user-queues')).toBeTruthy();
    expect(screen.getByTestId('user-whatsapp')).toBeTruthy();
    expect(screen.getByTestId('user-all-ticket')).toBeTruthy();
  });
});
