import { DEFAULT_QUEUE_SCHEDULES, SETTINGS, type Queue, type QueueOption, type SettingEntry } from '@atende/contract';

/** A queue as GET /queue/{id} gives it. */
export function queue(overrides: Partial<Queue> = {}): Queue {
  return {
    id: 5,
    name: 'Vendas',
    color: '#1976d2',
    greetingMessage: 'Olá! Escolha uma opção.',
    outOfHoursMessage: '',
    orderQueue: 1,
    schedules: DEFAULT_QUEUE_SCHEDULES.map((day) => ({ ...day })),
    promptId: null,
    integrationId: null,
    ...overrides,
  };
}

export function queueOption(id: number, option: string, title: string, children: QueueOption[] = [], parentId: number | null = null): QueueOption {
  return { id, queueId: 5, parentId, title, message: '', option, children };
}

/** GET /settings with every key at its default, except those given. */
export function settingsList(values: Partial<Record<keyof typeof SETTINGS, string>> = {}): SettingEntry[] {
  return (Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]).map((key) => ({ key, value: values[key] ?? SETTINGS[key].default }));
}
