import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_AGENT } from './support/api';
import { menuItem, signInAndWait } from './support/ui';

/** The first paint of a page after a full load, on a shared machine. */
const PAGE_LOAD = { timeout: 30_000 };
/** An event crossing from one browser to the other through the server, on a shared machine. */
const LIVE = { timeout: 20_000 };

/** The dot of the chats menu entry: MUI keeps the badge and marks it invisible. */
const menuDot = (page: Page) => menuItem(page, '/chats').locator('.MuiBadge-badge');

test('an admin starts an internal chat with an agent, who sees it arrive live and reads it', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Plantão ${Date.now().toString(36)}`;
  const [adminContext, agentContext] = [await browser.newContext(), await browser.newContext()];
  try {
    const [admin, agent] = [await adminContext.newPage(), await agentContext.newPage()];
    await Promise.all([signInAndWait(agent, DEMO_AGENT.email, DEMO_AGENT.password), signInAndWait(admin, DEMO_ADMIN.email, DEMO_ADMIN.password)]);

    // The admin creates the chat: the dialog first asks for a title, then for a user.
    await menuItem(admin, '/chats').click();
    await expect(admin.getByTestId('chats-page')).toBeVisible(PAGE_LOAD);
    await expect(admin.getByTestId('chats-list-empty').or(admin.getByTestId('chats-list'))).toBeVisible(PAGE_LOAD);
    await admin.getByTestId('chats-add').click();
    const dialog = admin.getByTestId('chat-dialog');
    await dialog.getByTestId('chat-save').click();
    await expect(admin.getByText('Por favor, preencha o título da conversa.')).toBeVisible();
    await dialog.getByTestId('chat-title').fill(title);
    await dialog.getByTestId('chat-save').click();
    await expect(admin.getByText('Por favor, selecione pelo menos um usuário.')).toBeVisible();
    await dialog.getByTestId('chat-users').fill('Bruno');
    await admin.getByRole('option', { name: 'Bruno Agente' }).click();
    await dialog.getByTestId('chat-save').click();
    await expect(dialog).toBeHidden();
    await expect(admin).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    const conversation = admin.getByTestId('chat-conversation');
    await expect(conversation.getByTestId('chat-conversation-title')).toHaveText(title);

    // Nothing unread for the agent in this chat yet; the message arrives live.
    await conversation.getByTestId('chat-composer').fill('Bruno, pode cobrir o turno da tarde?');
    await conversation.getByTestId('chat-composer').press('Enter');
    await expect(conversation.getByText('Bruno, pode cobrir o turno da tarde?')).toBeVisible();

    await expect(agent.getByTestId('chats-unread')).toHaveAttribute('data-unread', 'true', LIVE);
    await expect(menuDot(agent)).not.toHaveClass(/MuiBadge-invisible/);
    await agent.getByTestId('chats').click();
    const popover = agent.getByTestId('chats-popover');
    const item = popover.getByRole('button', { name: new RegExp(title) });
    await expect(item).toContainText('Bruno, pode cobrir o turno da tarde?');
    await expect(item.locator('.MuiBadge-badge')).toHaveText('1');
    await item.click();

    // Opening the chat reads it: the dots clear, and the next message shows in place.
    await expect(agent).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    const agentConversation = agent.getByTestId('chat-conversation');
    await expect(agentConversation.getByText('Bruno, pode cobrir o turno da tarde?')).toBeVisible(PAGE_LOAD);
    await expect(agent.getByTestId('chats-unread')).toHaveAttribute('data-unread', 'false', LIVE);
    await expect(menuDot(agent)).toHaveClass(/MuiBadge-invisible/);

    await conversation.getByTestId('chat-composer').fill('Obrigado!');
    await conversation.getByTestId('chat-send').click();
    await expect(agentConversation.getByText('Obrigado!')).toBeVisible(LIVE);
    await agentConversation.getByTestId('chat-composer').fill('Combinado.');
    await agentConversation.getByTestId('chat-composer').press('Enter');
    await expect(conversation.getByText('Combinado.')).toBeVisible(LIVE);
    await expect(agent.getByTestId('chats-unread')).toHaveAttribute('data-unread', 'false', LIVE);
  } finally {
    await adminContext.close();
    await agentContext.close();
  }
});
