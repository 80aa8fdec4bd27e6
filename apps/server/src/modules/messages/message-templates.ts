/**
 * Variables an agent (or an automatic message) may write and the customer receives filled in
 * (the variables picker): {{firstName}}, {{name}}, {{ms}}, {{protocol}}, {{hora}}.
 */

/**
 * The companies' wall clock. Companies carry no time zone of their own yet; the product serves
 * Brazil, so greetings and {{hora}} follow São Paulo unless the server's TZ says otherwise.
 */
export const COMPANY_TIME_ZONE = process.env.TZ && process.env.TZ !== 'UTC' ? process.env.TZ : 'America/Sao_Paulo';

export interface TemplateContext {
  contactName: string;
  ticketId: number;
  now: Date;
  timeZone?: string;
}

function wallClock(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** 'Bom dia' from 05:00, 'Boa tarde' from 12:00, 'Boa noite' from 18:00 until dawn. */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/** The attendance protocol: the day (yyyyMMdd) followed by the ticket id. */
export function protocolOf(ticketId: number, now: Date, timeZone = COMPANY_TIME_ZONE): string {
  const { year, month, day } = wallClock(now, timeZone);
  return `${year}${month}${day}${ticketId}`;
}

export function fillTemplate(body: string, context: TemplateContext): string {
  if (!body.includes('{{')) return body;
  const timeZone = context.timeZone ?? COMPANY_TIME_ZONE;
  const clock = wallClock(context.now, timeZone);
  const name = context.contactName.trim();
  const values: Record<string, string> = {
    firstname: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingFor(Number(clock.hour)),
    protocol: protocolOf(context.ticketId, context.now, timeZone),
    hora: `${clock.hour}:${clock.minute}`,
  };
  // Unknown variables stay as written: the agent sees what they typed.
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key.toLowerCase()] ?? whole);
}
