import { z } from 'zod';

const toggle = ['enabled', 'disabled'] as const;

/** Company setting keys with the values each accepts and its default. */
export const SETTINGS = {
  userRating: { values: toggle, default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  call: { values: toggle, default: 'enabled' },
  CheckMsgIsGroup: { values: toggle, default: 'enabled' },
  chatBotType: { values: ['text'], default: 'text' },
  sendGreetingAccepted: { values: toggle, default: 'disabled' },
  sendMsgTransfTicket: { values: toggle, default: 'disabled' },
  sendGreetingMessageOneQueues: { values: toggle, default: 'enabled' },
  userCreation: { values: toggle, default: 'enabled' },
  campaignsEnabled: { values: ['true', 'false'], default: 'true' },
  /** Token of the payment provider used for invoices; free text, never sent to non-admins. */
  paymentGatewayToken: { values: null, default: '' },
} as const satisfies Record<string, { values: readonly string[] | null; default: string }>;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
/** Settings only admins may read. */
export const SECRET_SETTING_KEYS: readonly SettingKey[] = ['paymentGatewayToken'];

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

export function isValidSettingValue(key: SettingKey, value: string): boolean {
  const allowed = SETTINGS[key].values as readonly string[] | null;
  return allowed === null ? value.length <= 500 : allowed.includes(value);
}

export const settingUpdate = z.object({ value: z.string().max(500) });

export interface SettingEntry {
  key: SettingKey;
  value: string;
}
