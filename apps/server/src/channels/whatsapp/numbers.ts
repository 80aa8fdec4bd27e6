/**
 * Phone numbers and WhatsApp ids. One canonical form per person so contacts do not duplicate:
 * digits only, with Brazil's mobile ninth digit always present. WhatsApp itself may
 * still address an old Brazilian number without the 9; providers resolve the real address when
 * sending (see `brazilianVariants`), the rest of the system only ever sees the canonical form.
 */

export const PHONE_SERVER = 's.whatsapp.net';
export const LID_SERVER = 'lid';
export const GROUP_SERVER = 'g.us';

export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, '');
}

/** Splits 'user:device@server' / 'user_agent:device@server' into its parts. */
export function parseJid(jid: string): { user: string; server: string; device?: number } | null {
  const at = jid.indexOf('@');
  if (at <= 0) return null;
  const server = jid.slice(at + 1).toLowerCase();
  const full = jid.slice(0, at);
  const [userAgent, device] = full.split(':');
  const user = userAgent.split('_')[0];
  if (!user || !server) return null;
  return device !== undefined && /^\d+$/.test(device) ? { user, server, device: Number(device) } : { user, server };
}

export const isGroupJid = (jid: string): boolean => jid.endsWith(`@${GROUP_SERVER}`);
export const isLidJid = (jid: string): boolean => parseJid(jid)?.server === LID_SERVER;
export const isPhoneJid = (jid: string): boolean => {
  const server = parseJid(jid)?.server;
  return server === PHONE_SERVER || server === 'c.us';
};
/** Status updates, broadcast lists and channels never become tickets. */
export const isBroadcastJid = (jid: string): boolean => jid.endsWith('@broadcast') || jid.endsWith('@newsletter');

/**
 * Digits only, ninth digit inserted for Brazilian mobiles written the old way: country 55,
 * 12 digits, local part starting with 6-9 (landlines start with 2-5 and stay as they are).
 * A jid is accepted too (its user part is used).
 */
export function canonicalNumber(input: string): string {
  const user = input.includes('@') ? (parseJid(input)?.user ?? '') : input;
  const digits = digitsOnly(user);
  if (digits.length === 12 && digits.startsWith('55') && /[6-9]/.test(digits[4])) {
    return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  }
  return digits;
}

/** E.164 allows at most 15 digits; shorter than 8 is never a reachable number. */
export function isPlausibleNumber(number: string): boolean {
  const digits = digitsOnly(number);
  return digits.length >= 8 && digits.length <= 15;
}

/**
 * Every way WhatsApp may know this number, canonical first: a Brazilian mobile may be registered
 * with or without the ninth digit.
 */
export function brazilianVariants(input: string): string[] {
  const canonical = canonicalNumber(input);
  if (canonical.length === 13 && canonical.startsWith('55') && canonical[4] === '9' && /[6-9]/.test(canonical[5])) {
    return [canonical, canonical.slice(0, 4) + canonical.slice(5)];
  }
  return [canonical];
}

export function numberToJid(number: string): string {
  return `${canonicalNumber(number)}@${PHONE_SERVER}`;
}

/** Canonical number of a phone jid; null for LIDs, groups and anything else. */
export function jidToNumber(jid: string): string | null {
  return isPhoneJid(jid) ? canonicalNumber(jid) : null;
}

/** Drops device/agent parts and the legacy 'c.us' server: one id per person or group. */
export function normalizeJid(jid: string): string {
  const parts = parseJid(jid);
  if (!parts) return jid;
  if (parts.server === PHONE_SERVER || parts.server === 'c.us') return numberToJid(parts.user);
  return `${parts.user}@${parts.server}`;
}

/**
 * The chat id for anything a caller may pass as a destination: a number in any format, a phone
 * jid, a LID or a group id.
 */
export function toChatId(input: string): string {
  if (input.includes('@')) return normalizeJid(input.trim());
  return numberToJid(input);
}
