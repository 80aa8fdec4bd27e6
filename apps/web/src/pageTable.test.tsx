import type { Plan } from '@atende/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccessContext } from './features/shell/access';
import { SideMenu } from './features/shell/components/SideMenu';
import { menuTestId, visibleMenu as visibleMenuOf, type MenuNode } from './features/shell/menu';
import { MENU } from './pageTable';
import { fakeJwt, jsonResponse, sessionUser } from './test/fixtures';
import { renderWithApp } from './test/render';
import { i18n } from './app/i18n';

const ADMIN_ONLY = ['/', '/connections', '/files', '/queues', '/users', '/financeiro', '/settings'];
const EVERYONE = ['/tickets', '/quick-messages', '/todolist', '/contacts', '/tags', '/helps'];

const visibleMenu = (ctx: AccessContext) => visibleMenuOf(MENU, ctx);

function paths(nodes: MenuNode[] | null): string[] {
  return (nodes ?? []).flatMap((node) => (node.kind === 'group' ? [`group:${node.id}`, ...node.children.map((c) => c.path)] : [node.path]));
}

function context(overrides: Partial<Parameters<typeof sessionUser>[0]> = {}, plan: Partial<Plan> = {}, campaignFlag = true): AccessContext {
  const user = sessionUser(overrides, plan);
  return { user, plan: user.company.plan, campaignFlag };
}

describe('visibleMenu', () => {
  it('gives an admin the dashboard, the admin section and every entry the plan allows', () => {
    const { main, admin } = visibleMenu(context());
    expect(paths(main)).toEqual([
      '/', '/tickets', '/kanban', '/quick-messages', '/todolist', '/contacts', '/schedules', '/tags', '/chats', '/helps',
    ]);
    expect(paths(admin)).toEqual([
      'group:campaigns', '/campaigns', '/contact-lists', '/campaigns-config', '/prompts', '/queue-integration',
      '/connections', '/files', '/queues', '/users', '/messages-api', '/financeiro', '/settings',
    ]);
  });

  it('gives a plain user neither the dashboard nor the admin section', () => {
    const { main, admin } = visibleMenu(context({ profile: 'user' }));
    expect(admin).toBeNull();
    expect(paths(main)).not.toContain('/');
    for (const path of EVERYONE) expect(paths(main)).toContain(path);
  });

  it('hides what the plan switches off', () => {
    const { main, admin } = visibleMenu(
      context({}, { useKanban: false, useCampaigns: false, useSchedules: false, useInternalChat: false, useOpenAi: false, useIntegrations: false, useExternalApi: false }),
    );
    const all = [...paths(main), ...paths(admin)];
    for (const hidden of ['/kanban', 'group:campaigns', '/schedules', '/chats', '/prompts', '/queue-integration', '/messages-api']) {
      expect(all).not.toContain(hidden);
    }
    expect(all).toContain('/queues');
  });

  it('shows campaigns only when the plan allows them and the company keeps them on (cshow)', () => {
    expect(paths(visibleMenu(context({}, {}, false)).admin)).not.toContain('group:campaigns');
    expect(paths(visibleMenu(context({}, { useCampaigns: false }, true)).admin)).not.toContain('group:campaigns');
    expect(paths(visibleMenu(context({}, {}, true)).admin)).toContain('group:campaigns');
  });

  it('offers announcements to the super user only', () => {
    expect(paths(visibleMenu(context()).admin)).not.toContain('/announcements');
    expect(paths(visibleMenu(context({ super: true })).admin)).toContain('/announcements');
  });

  it('offers the simulator to admins only, only while the server runs it', () => {
    expect(paths(visibleMenu(context({ profile: 'admin' })).main)).not.toContain('/simulator');
    expect(paths(visibleMenu({ ...context({ profile: 'user' }), simulator: true }).main)).not.toContain('/simulator');
    const ctx = { ...context({ profile: 'admin' }), simulator: true };
    expect(paths(visibleMenu(ctx).main).at(-1)).toBe('/simulator');
  });

  it('names the test ids after the paths', () => {
    expect(menuTestId('/')).toBe('menu-item-dashboard');
    expect(menuTestId('/queue-integration')).toBe('menu-item-queue-integration');
  });
});

describe('<SideMenu>', () => {
  it('renders the admin entries with their test ids for an admin', () => {
    window.localStorage.setItem('token', fakeJwt({ sid: 's1' }));
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser() });
    for (const path of [...ADMIN_ONLY, ...EVERYONE]) expect(screen.getByTestId(menuTestId(path))).toBeTruthy();
    expect(screen.getByTestId('menu-admin-section').textContent).toBe('Administração');
    expect(screen.getByTestId('menu-item-users').getAttribute('href')).toBe('/users');
    expect(screen.queryByTestId('menu-group-campaigns')).toBeNull();
  });

  it('marks the entry of the page being shown (and its sub-pages) as the current page, and only that one', () => {
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser(), route: '/tickets/5f0c7a52-8d0e-4a43-9d0e-3c3b3b3b3b3b' });
    expect(screen.getByTestId('menu-item-tickets').getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
    expect(screen.getByTestId('menu-item-dashboard').getAttribute('aria-current')).toBeNull();
  });

  it('renders no admin entry for a plain user', () => {
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser({ profile: 'user' }) });
    for (const path of ADMIN_ONLY) expect(screen.queryByTestId(menuTestId(path))).toBeNull();
    expect(screen.queryByTestId('menu-admin-section')).toBeNull();
    expect(screen.getByTestId('menu-item-todolist').textContent).toContain('Tarefas');
  });

  it('shows the campaigns group when the plan allows them and cshow is set', () => {
    window.localStorage.setItem('cshow', 'true');
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser() });
    expect(screen.getByTestId('menu-group-campaigns')).toBeTruthy();
    // A closed group draws its entries only once opened.
    expect(screen.queryByTestId('menu-item-contact-lists')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-group-campaigns'));
    expect(screen.getByTestId('menu-item-contact-lists')).toBeTruthy();
  });

  it('hides kanban for a plan without it, and announcements unless super', () => {
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser({}, { useKanban: false }) });
    expect(screen.queryByTestId('menu-item-kanban')).toBeNull();
    expect(screen.queryByTestId('menu-item-announcements')).toBeNull();
  });

  it('shows admins the simulator entry once GET /simulator/status says enabled', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/simulator/status' ? jsonResponse(200, { enabled: true }) : jsonResponse(404, { error: 'ERR_NOT_FOUND' }),
    ));
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser({ profile: 'admin' }) });
    expect((await screen.findByTestId('menu-item-simulator')).getAttribute('href')).toBe('/simulator');
    vi.unstubAllGlobals();
  });

  it('lists announcements for the super user', () => {
    renderWithApp(<SideMenu menu={MENU} expanded />, { user: sessionUser({ super: true }) });
    expect(screen.getByTestId('menu-item-announcements')).toBeTruthy();
  });

  it('names no two entries alike, in any language', () => {
    const { main, admin } = visibleMenu(context({ super: true, profile: 'admin' }));
    const labels = [...main, ...(admin ?? [])].flatMap((node) => (node.kind === 'group' ? [node.label, ...node.children.map((c) => c.label)] : [node.label]));
    for (const language of ['pt', 'en', 'es']) {
      const t = i18n.getFixedT(language, 'shell');
      const names = labels.map((label) => t(`menu.${label}`));
      expect(names.filter((name, i) => names.indexOf(name) !== i), language).toEqual([]);
    }
    expect(i18n.getFixedT('pt', 'shell')('menu.campaignsConfig')).toBe('Configurações de campanha');
  });
});
