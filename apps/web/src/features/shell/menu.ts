import { can, type PermissionSubject } from '@atende/contract';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType, LazyExoticComponent } from 'react';
import { isAllowed, type AccessContext, type AccessRule } from './access';

export type MenuIcon = typeof SvgIcon;

/** A collapsible entry of the side menu that holds pages (e.g. campaigns). */
export interface MenuGroupInfo {
  id: string;
  /** Key under `shell:menu`. */
  label: string;
  Icon: MenuIcon;
}

/** Where a page shows in the side menu. */
export interface MenuEntry {
  /** The menu everyone sees, or the administration section under it. */
  section: 'main' | 'admin';
  /** Key under `shell:menu`. */
  label: string;
  Icon: MenuIcon;
  group?: MenuGroupInfo;
  /** Which live indicator decorates the entry. */
  badge?: 'unreadChats' | 'connectionProblems';
}

/**
 * One private page of the app, declared once in the page table: the router and the side menu are
 * both derived from it.
 */
export interface AppPage {
  /** Its address, e.g. '/users'; '/' is the home page. */
  path: string;
  /** Route parameters after the address, e.g. ':ticketId?'. */
  params?: string;
  /** The lazily loaded page, or the title key of a page not built yet. */
  page: LazyExoticComponent<ComponentType> | { comingSoon: string };
  /** Who may open the page and see its menu entry; none: every signed-in user. */
  access?: AccessRule;
  /** Someone the rule refuses goes to this address at once instead of reading the refusal. */
  deniedTo?: string;
  /** The menu entry only follows the rule: the page itself decides once it knows (e.g. the simulator's status). */
  pageDecides?: boolean;
  menu?: MenuEntry;
}

export interface MenuLink {
  kind: 'link';
  path: string;
  /** Key under `shell:menu`. */
  label: string;
  Icon: MenuIcon;
  rule?: AccessRule;
  badge?: MenuEntry['badge'];
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  Icon: MenuIcon;
  children: MenuLink[];
}

export type MenuNode = MenuLink | MenuGroup;

export interface Menu {
  main: MenuNode[];
  admin: MenuNode[];
}

/** The side menu of a page table, in the table's order; a group stands where its first page does. */
export function menuOf(pages: readonly AppPage[]): Menu {
  const menu: Menu = { main: [], admin: [] };
  for (const { path, access, menu: entry } of pages) {
    if (!entry) continue;
    const link: MenuLink = { kind: 'link', path, label: entry.label, Icon: entry.Icon, rule: access, badge: entry.badge };
    const section = menu[entry.section];
    if (!entry.group) {
      section.push(link);
      continue;
    }
    const { id, label, Icon } = entry.group;
    let group = section.find((node): node is MenuGroup => node.kind === 'group' && node.id === id);
    if (!group) section.push((group = { kind: 'group', id, label, Icon, children: [] }));
    group.children.push(link);
  }
  return menu;
}

export interface VisibleMenu {
  main: MenuNode[];
  /** Null when the user may not see the admin section at all. */
  admin: MenuNode[] | null;
}

/** The entries this user may open; a group shows when any of its pages does. */
function visibleNodes(nodes: MenuNode[], ctx: AccessContext): MenuNode[] {
  return nodes.flatMap((node): MenuNode[] => {
    if (node.kind === 'link') return isAllowed(node.rule, ctx) ? [node] : [];
    const children = node.children.filter((child) => isAllowed(child.rule, ctx));
    return children.length ? [{ ...node, children }] : [];
  });
}

export function visibleMenu(menu: Menu, ctx: AccessContext): VisibleMenu {
  const main = visibleNodes(menu.main, ctx);
  if (!can(ctx.user as PermissionSubject | null, 'drawer-admin-items:view')) return { main, admin: null };
  return { main, admin: visibleNodes(menu.admin, ctx) };
}

/** `menu-item-users` for /users; the dashboard's path is '/'. */
export function menuTestId(path: string): string {
  return `menu-item-${path.replace(/^\//, '') || 'dashboard'}`;
}
