import { z } from 'zod';
import { V, emailField } from './common.js';
import { PASSWORD, RECURRENCE_MONTHS, type Recurrence } from './constants.js';

/** A recovery code mailed to the user: this many digits, valid this long, this many wrong tries. */
export const RECOVERY = { codeDigits: 6, ttlMinutes: 15, maxAttempts: 5 } as const;

/** A new password set by recovery: 8 or more characters with an upper-case letter, a lower-case letter and a digit. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export const forgetPasswordParams = z.object({ email: emailField });

export const resetPasswordParams = z.object({
  email: emailField,
  token: z.string({ error: V.required }).trim().regex(/^\d+$/, { error: V.invalid }).max(RECOVERY.codeDigits, { error: V.invalid }),
  password: z
    .string({ error: V.required })
    .max(PASSWORD.max, { error: V.tooLong })
    .regex(STRONG_PASSWORD, { error: V.weakPassword }),
});

/** GET /forgetpassword: whether this server can mail recovery codes (SMTP_URL is set). */
export interface RecoveryStatus {
  configured: boolean;
}

/**
 * The due date after one recurrence advance: MENSAL 1 month ... ANUAL 12. A day the target month
 * lacks (31 January + 1 month) falls on that month's last day. Without a due date it starts today.
 */
export function advanceDueDate(dueDate: string | null, recurrence: Recurrence, today: string): string {
  const [y, m, d] = (dueDate ?? today).split('-').map(Number);
  const months = m - 1 + RECURRENCE_MONTHS[recurrence];
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** Row colour of a company in the super user's table, by days left to its due date. */
export type DueTone = 'warning' | 'danger' | 'expired' | null;
export function dueTone(days: number | null): DueTone {
  if (days === null) return null;
  if (days === 5) return 'warning';
  if (days >= -3 && days <= 4) return 'danger';
  if (days <= -4) return 'expired';
  return null;
}
