import { expect, test, type Browser, type Page } from '@playwright/test';
import { seedCompany, token } from './support/api';
import { act, connectedSimulator, customerWrites, seedAttendant } from './support/dashboard';
import { signInAndWait } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };

async function boardOf(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAndWait(page, email, password);
  await page.getByTestId('menu-item-kanban').click();
  await expect(page.getByTestId('kanban-lane-lane0')).toBeVisible(PAGE_LOAD);
  return page;
}

test('a card dragged to another lane, by keyboard or mouse, moves on every board, and leaves them all once its ticket closes', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const company = await seedCompany(request, { plan: { useKanban: true } });
  const adminToken = await token(request, company.admin.email, company.admin.password);
  const headers = { authorization: `Bearer ${adminToken}` };
  const whatsappId = await connectedSimulator(request, adminToken);
  const lane = await request.post('/api/tags', { headers, data: { name: 'Em atendimento', color: '#e91e63', kanban: 1 } });
  expect(lane.ok(), await lane.text()).toBe(true);
  const laneId = `tag-${(await lane.json()).id}`;
  // A third user acts through the API: the two users in the browsers keep their only sessions.
  const operator = { name: 'Operadora', email: `kanban-op-${Date.now().toString(36)}@example.com`, password: 'senha-segura1' };
  expect((await request.post('/api/users', { headers, data: { ...operator, profile: 'admin' } })).ok()).toBe(true);
  const operatorToken = await token(request, operator.email, operator.password);
  const agent = await seedAttendant(request, adminToken, 'Agente Kanban');
  const agentEmail = (await (await request.get(`/api/users/${agent.id}`, { headers })).json()).email;
  const ticketId = await customerWrites(request, adminToken, whatsappId, `55119${String(Date.now()).slice(-8)}`, 'Carla Quadro');

  const mover = await boardOf(browser, company.admin.email, company.admin.password);
  const watcher = await boardOf(browser, agentEmail, 'senha-segura1');
  for (const page of [mover, watcher]) {
    await expect(page.getByTestId('kanban-lane-lane0').getByTestId(`kanban-card-${ticketId}`)).toContainText('Carla Quadro');
    await expect(page.getByTestId(`kanban-lane-${laneId}`)).toContainText('Em atendimento');
  }

  // The keyboard: pick the card up, one lane to the right, drop it.
  const card = mover.getByTestId(`kanban-card-${ticketId}`);
  // Each step waits for what a screen reader hears (the lane under the card), so no key is pressed before the board has measured its lanes.
  await card.focus();
  await mover.keyboard.press('Space');
  await expect(mover.getByText(`Ticket ${ticketId} sobre a coluna Em aberto.`)).toBeAttached();
  await mover.keyboard.press('ArrowRight');
  await expect(mover.getByText(`Ticket ${ticketId} sobre a coluna Em atendimento.`)).toBeAttached();
  await mover.keyboard.press('Space');
  await expect(mover.getByText('Ticket Tag Adicionado com Sucesso!')).toBeVisible();

  for (const page of [mover, watcher]) {
    await expect(page.getByTestId(`kanban-lane-${laneId}`).getByTestId(`kanban-card-${ticketId}`)).toBeVisible();
    await expect(page.getByTestId('kanban-lane-lane0').getByTestId(`kanban-card-${ticketId}`)).toHaveCount(0);
  }
  const ticket = await (await request.get(`/api/tickets/${ticketId}`, { headers: { authorization: `Bearer ${operatorToken}` } })).json();
  expect(ticket.tags.map((tag: { name: string }) => tag.name)).toEqual(['Em atendimento']);
  // The card's button is the way to the ticket's screen.
  await expect(watcher.getByTestId(`kanban-card-open-${ticketId}`)).toHaveAttribute('href', `/tickets/${ticket.uuid}`);

  // The mouse: the other user drags it back to the open lane, and the first board follows.
  const box = await watcher.getByTestId(`kanban-card-${ticketId}`).boundingBox();
  const open = await watcher.getByTestId('kanban-lane-lane0').boundingBox();
  await watcher.mouse.move(box!.x + 20, box!.y + 10);
  await watcher.mouse.down();
  await watcher.mouse.move(open!.x + open!.width / 2, open!.y + 80, { steps: 12 });
  await watcher.mouse.up();
  await expect(watcher.getByText('Ticket Tag Removido!')).toBeVisible();
  for (const page of [watcher, mover]) {
    await expect(page.getByTestId('kanban-lane-lane0').getByTestId(`kanban-card-${ticketId}`)).toBeVisible();
    await expect(page.getByTestId(`kanban-lane-${laneId}`).getByTestId(`kanban-card-${ticketId}`)).toHaveCount(0);
  }

  // Closing the ticket takes its card off both boards.
  await act(request, operatorToken, ticketId, 'finish');
  for (const page of [mover, watcher]) await expect(page.getByTestId(`kanban-card-${ticketId}`)).toHaveCount(0);
});
