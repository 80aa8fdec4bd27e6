/**
 * What the queue bot writes and how it reads the customer's answer. Menus are numbered lines
 * under a heading (the connection's greeting for the queue menu, the queue's greeting or the
 * chosen option's message for an option level); the customer answers with the number alone.
 */

export interface MenuItem {
  number: string;
  title: string;
}

export type BotAnswer = { kind: 'number'; value: number } | { kind: 'back' } | { kind: 'main' } | { kind: 'other' };

/** Shown under an option level that has somewhere to go back to. */
export const BACK_LINE = '*0* - Voltar';
export const MAIN_MENU_LINE = '*#* - Menu inicial';

/** '2', '*2*', ' 2. ' and '2)' are the number 2; '0' goes back a level; '#' to the main menu. */
export function readAnswer(body: string): BotAnswer {
  const match = /^[\s*_~]*(\d{1,3}|#)[\s*_~.!)-]*$/.exec(body);
  if (!match) return { kind: 'other' };
  if (match[1] === '#') return { kind: 'main' };
  const value = Number(match[1]);
  return value === 0 ? { kind: 'back' } : { kind: 'number', value };
}

export function menuText(heading: string, items: MenuItem[], footer: { back: boolean; main: boolean } = { back: false, main: false }): string {
  const lines = items.map((item) => `*${item.number}* - ${item.title}`);
  const extra = [footer.back ? BACK_LINE : '', footer.main ? MAIN_MENU_LINE : ''].filter(Boolean);
  const blocks = [heading.trim(), lines.join('\n'), extra.join('\n')].filter(Boolean);
  return blocks.join('\n\n');
}

/** Queue menus number the connection's queues 1..n in their order. */
export const queueItems = (queues: Array<{ name: string }>): MenuItem[] => queues.map((q, i) => ({ number: String(i + 1), title: q.name }));

/** Options in their number's order (stored as text: '10' comes after '9'). */
export function byOrdinal<T extends { option: string; id: number }>(options: T[]): T[] {
  return [...options].sort((a, b) => Number(a.option) - Number(b.option) || a.id - b.id);
}
