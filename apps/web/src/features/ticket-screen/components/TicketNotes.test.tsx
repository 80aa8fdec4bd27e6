import type { TicketNote } from '@atende/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { serveApi } from '../../../test/serve';
import { TicketNotes } from './TicketNotes';

const note = (id: number, text: string): TicketNote => ({ id, note: text, ticketId: 41, contactId: 5, createdAt: '2026-11-20T12:00:00.000Z', user: { id: 7, name: 'Ana Souza' } });

function showNotes() {
  let notes = [note(1, 'Cliente prefere contato à tarde')];
  const sent = serveApi({
    'GET /api/ticket-notes/list': () => jsonResponse(200, notes),
    'POST /api/ticket-notes': (body) => {
      const created = note(2, (body as { note: string }).note);
      notes = [...notes, created];
      return jsonResponse(200, created);
    },
    'DELETE /api/ticket-notes/1': () => {
      notes = notes.filter((n) => n.id !== 1);
      return new Response(null, { status: 204 });
    },
  });
  renderWithApp(<TicketNotes ticket={{ id: 41, contactId: 5 }} />, { user: sessionUser() });
  return { posts: () => sent.filter((r) => r.method === 'POST') };
}

afterEach(() => vi.unstubAllGlobals());

describe('<TicketNotes>', () => {
  it('refuses a note shorter than 2 characters without calling the server', async () => {
    const user = userEvent.setup();
    const { posts } = showNotes();
    await user.type(screen.getByTestId('note-text'), ' a ');
    await user.click(screen.getByTestId('note-save'));
    expect(screen.getByText('A observação deve ter pelo menos 2 caracteres.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('adds a note for the ticket and its contact, then deletes one, with the spec texts', async () => {
    const user = userEvent.setup();
    const { posts } = showNotes();
    expect((await screen.findByTestId('note-1')).textContent).toContain('Cliente prefere contato à tarde');
    await user.type(screen.getByTestId('note-text'), 'Ligar amanhã');
    await user.click(screen.getByTestId('note-save'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ note: 'Ligar amanhã', ticketId: 41, contactId: 5 });
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeTruthy();
    expect((await screen.findByTestId('note-2')).textContent).toContain('Ligar amanhã');
    await user.click(screen.getByTestId('note-delete-1'));
    expect(await screen.findByText('Observação excluída com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('note-1')).toBeNull());
  });
});
