import type { Tag, TagTicket } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../app/SocketProvider';
import { i18n } from '../../app/i18n';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { fakeSocket, serveApi } from '../../test/serve';
import TagsPage from './TagsPage';

const written = vi.hoisted(() => ({ sheets: [] as unknown[][][], files: [] as string[] }));
vi.mock('write-excel-file/browser', () => ({
  default: (sheet: unknown[][]) => {
    written.sheets.push(sheet);
    return { toFile: async (name: string) => void written.files.push(name) };
  },
}));

const vip: Tag = { id: 1, name: 'VIP', color: '#ef5350', kanban: 0, userId: 7, ticketsCount: 2 };
const ticket = (id: number): TagTicket => ({
  id,
  uuid: `u-${id}`,
  status: 'open',
  contact: { id: 5, name: `Cliente ${id}`, number: '5511988887777', profilePicUrl: '' },
  tags: [{ id: 1, name: 'VIP', color: '#ef5350' }],
  lastMessage: 'Bom dia',
  unreadMessages: 1,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T11:00:00.000Z',
});

function renderPage(user = sessionUser(), socket: ReturnType<typeof fakeSocket>['socket'] | null = null) {
  return renderWithApp(
    <SocketContext.Provider value={{ socket, companyId: 3 }}>
      <TagsPage />
    </SocketContext.Provider>,
    { user, route: '/tags' },
  );
}

afterEach(() => vi.unstubAllGlobals());

// Typing into MUI dialogs is slow on a busy machine; the default 5 s is too tight.
describe('<TagsPage>', { timeout: 20_000 }, () => {
  it.each([
    ['pt', 'Obrigatório', 'Mensagem muito curta'],
    ['en', 'Required', 'Message too short'],
    ['es', 'Obligatorio', 'Mensaje muy corto'],
  ])('in %s, an empty name and a name under 3 characters are refused', async (language, required, tooShort) => {
    await i18n.changeLanguage(language);
    const sent = serveApi({ 'GET /api/tags': () => jsonResponse(200, { tags: [], count: 0, hasMore: false }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('tags-add'));
    await user.click(screen.getByTestId('tag-save'));
    expect(await within(screen.getByTestId('tag-dialog')).findByText(required)).toBeTruthy();
    await user.type(screen.getByTestId('tag-name'), 'ab');
    expect(await within(screen.getByTestId('tag-dialog')).findByText(tooShort)).toBeTruthy();
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('an admin creates a kanban tag with a picked colour', async () => {
    const sent = serveApi({
      'GET /api/tags': () => jsonResponse(200, { tags: [], count: 0, hasMore: false }),
      'POST /api/tags': (body) => jsonResponse(200, { id: 4, userId: 7, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('tags-add'));
    await user.type(screen.getByTestId('tag-name'), 'Urgente');
    await user.click(screen.getByTestId('tag-color-ef5350'));
    await user.click(screen.getByTestId('tag-kanban'));
    await user.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Tag salva com sucesso.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ name: 'Urgente', color: '#ef5350', kanban: 1 });
  });

  it.each([
    ['user', false],
    ['supervisor', true],
  ] as const)('the kanban switch shows to a %s: %s', async (profile, shown) => {
    serveApi({ 'GET /api/tags': () => jsonResponse(200, { tags: [], count: 0, hasMore: false }) });
    const user = userEvent.setup();
    renderPage(sessionUser({ profile }));
    await user.click(await screen.findByTestId('tags-add'));
    expect(Boolean(screen.queryByTestId('tag-kanban'))).toBe(shown);
  });

  it('shows each tag’s ticket count and lists its tickets, exported as a spreadsheet', async () => {
    serveApi({
      'GET /api/tags': () => jsonResponse(200, { tags: [vip], count: 1, hasMore: false }),
      'GET /api/tags/1/tickets': () => jsonResponse(200, { tickets: [ticket(10), ticket(11)], count: 2, hasMore: false }),
    });
    const user = userEvent.setup();
    renderPage();
    const count = await screen.findByTestId('tag-tickets-1');
    expect(count.textContent).toBe('2');
    await user.click(count);
    const row = await screen.findByTestId('tag-ticket-10');
    expect(row.textContent).toContain('Cliente 10');
    expect(row.textContent).toContain('Bom dia');
    expect(row.textContent).toContain('Aberto');
    await user.click(screen.getByTestId('tag-tickets-export'));
    await waitFor(() => expect(written.files).toEqual(['tag-VIP.xlsx']));
    const [sheet] = written.sheets;
    expect(sheet[0]).toEqual(['ID', 'Status', 'Contato', 'Tags', 'Última mensagem', 'Não lidas', 'Criado em', 'Atualizado em']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([10, 11]);
    expect(sheet[1][2]).toBe('Cliente 10 (5511988887777)');
  });

  it('asks before deleting a tag', async () => {
    const sent = serveApi({
      'GET /api/tags': () => jsonResponse(200, { tags: [vip], count: 1, hasMore: false }),
      'DELETE /api/tags/1': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('tag-delete-1'));
    expect(screen.getByText('Deseja realmente excluir esse registro?')).toBeTruthy();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Tag excluída com sucesso.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'DELETE')).toBe(true);
  });

  it('refetches on a tag event of the company', async () => {
    const live = fakeSocket();
    const sent = serveApi({ 'GET /api/tags': () => jsonResponse(200, { tags: [vip], count: 1, hasMore: false }) });
    renderPage(sessionUser(), live.socket);
    await screen.findByTestId('tag-row-1');
    live.emit('company-3-tag', { action: 'delete', tagId: 9 });
    await waitFor(() => expect(sent.filter((s) => s.url.startsWith('/api/tags?'))).toHaveLength(2));
  });
});
