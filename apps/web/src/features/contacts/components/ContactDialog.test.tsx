import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { ContactDialog } from './ContactDialog';
import { contact } from '../contactFixture';

afterEach(() => vi.unstubAllGlobals());

// Typing into MUI dialogs is slow on a busy machine; the default 5 s is too tight.
describe('<ContactDialog>', { timeout: 20_000 }, () => {
  it.each([
    ['pt', 'Too Short!', 'Invalid email', 'Required'],
    ['en', 'Too Short!', 'Invalid email', 'Required'],
    ['es', '¡Demasiado corto!', 'Correo electrónico inválido', 'Obligatorio'],
  ])('in %s, names a short name, a bad email and a missing extra field, and sends nothing', async (language, short, email, required) => {
    await i18n.changeLanguage(language);
    const sent = serveApi({});
    const user = userEvent.setup();
    renderWithApp(<ContactDialog open onClose={() => {}} />, { user: sessionUser() });
    await user.type(screen.getByTestId('contact-name'), 'M');
    await user.type(screen.getByTestId('contact-number'), '1234567');
    await user.type(screen.getByTestId('contact-email'), 'maria@');
    await user.click(screen.getByTestId('contact-extra-add'));
    await user.click(screen.getByTestId('contact-save'));
    const dialog = screen.getByTestId('contact-dialog');
    expect(await within(dialog).findAllByText(short)).toHaveLength(2);
    expect(within(dialog).getByText(email)).toBeTruthy();
    expect(within(dialog).getByText(required)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('creates a contact with extra info, tells it was saved and hands it back', async () => {
    const sent = serveApi({ 'POST /api/contacts': (body) => jsonResponse(200, contact({ id: 9, ...(body as object) })) });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ContactDialog open initialValues={{ number: '5511977776666' }} onClose={onClose} onSaved={onSaved} />, { user: sessionUser() });
    expect((screen.getByTestId('contact-number') as HTMLInputElement).value).toBe('5511977776666');
    await user.type(screen.getByTestId('contact-name'), 'João Dias');
    await user.click(screen.getByTestId('contact-extra-add'));
    await user.type(screen.getByTestId('contact-extra-name-0'), 'CPF');
    await user.type(screen.getByTestId('contact-extra-value-0'), '123');
    await user.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Contato salvo com sucesso.')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { name: 'João Dias', number: '5511977776666', email: '', extraInfo: [{ name: 'CPF', value: '123' }] },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a contact: loads it, removes an extra info row and saves the rest', async () => {
    const existing = contact({ extraInfo: [{ id: 1, name: 'CPF', value: '1' }, { id: 2, name: 'Plano', value: 'Ouro' }] });
    const sent = serveApi({
      'GET /api/contacts/5': () => jsonResponse(200, existing),
      'PUT /api/contacts/5': (body) => jsonResponse(200, { ...existing, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderWithApp(<ContactDialog open contactId={5} onClose={() => {}} />, { user: sessionUser() });
    expect(await screen.findByDisplayValue('Plano')).toBeTruthy();
    expect(screen.getByText('Editar contato')).toBeTruthy();
    await user.click(screen.getByTestId('contact-extra-remove-0'));
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')?.body).toMatchObject({ extraInfo: [{ id: 2, name: 'Plano', value: 'Ouro' }] }));
  });

  it('keeps what the user typed when the contact is fetched again meanwhile', async () => {
    // Each fetch answers a changed record (as after a live update), so the refetch reaches the form.
    let fetches = 0;
    serveApi({ 'GET /api/contacts/5': () => jsonResponse(200, contact({ updatedAt: new Date(Date.UTC(2026, 0, ++fetches)).toISOString() })) });
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<ContactDialog open contactId={5} onClose={() => {}} />, { user: sessionUser() });
    const name = (await screen.findByDisplayValue('Maria Lima')) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Maria Souza');
    await queryClient.refetchQueries({ queryKey: ['contacts', 'detail', 5] });
    expect(fetches).toBe(2);
    // Let React render the refetched record and run its effects before looking at the field.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(name.value).toBe('Maria Souza');
  });

  it('shows the translated duplicate-number error and stays open', async () => {
    serveApi({ 'POST /api/contacts': () => jsonResponse(409, { error: 'ERR_DUPLICATED_CONTACT' }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ContactDialog open onClose={onClose} />, { user: sessionUser() });
    await user.type(screen.getByTestId('contact-name'), 'João Dias');
    await user.type(screen.getByTestId('contact-number'), '5511977776666');
    await user.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Já existe um contato com este número.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
