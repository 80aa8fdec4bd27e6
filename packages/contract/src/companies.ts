import { z } from 'zod';
import { V, emailField, flag, isoDate, newPassword, recordId, requiredText } from './common.js';
import { RECURRENCES, type Recurrence } from './constants.js';
import type { Plan } from './plans.js';
import type { SettingEntry } from './settings.js';

const optionalPhone = z.string().trim().max(30, { error: V.tooLong }).optional().default('');

/** Super-user form (email and plan required; blank or invalid due date is null). */
export const companyInput = z.object({
  name: requiredText(2, 100),
  email: emailField,
  phone: optionalPhone,
  planId: recordId(V.required),
  status: flag.default(true),
  dueDate: z
    .union([isoDate, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  recurrence: z.enum(RECURRENCES).default('MENSAL'),
  campaignsEnabled: flag.default(true),
});
export type CompanyInput = z.input<typeof companyInput>;

/** Creating a company also creates its first admin from email and password. */
export const companyCreateInput = companyInput.extend({
  password: newPassword(),
  adminName: requiredText(2, 50).optional(),
});
export type CompanyCreateInput = z.input<typeof companyCreateInput>;

/** Public sign-up. The server decides plan dates and status, never the client. */
export const signupInput = z.object({
  name: requiredText(2, 50),
  email: emailField,
  phone: z.string().trim().regex(/^\d{10,11}$/, { error: V.invalid }),
  password: newPassword(),
  planId: recordId(V.required),
});
export type SignupInput = z.input<typeof signupInput>;

export const companySchedule = z.object({
  weekday: z.string(),
  weekdayEn: z.string(),
  startTime: z.string().regex(/^(\d{2}:\d{2})?$/, { error: V.invalid }),
  endTime: z.string().regex(/^(\d{2}:\d{2})?$/, { error: V.invalid }),
});
export type CompanySchedule = z.infer<typeof companySchedule>;

export interface Company {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  createdAt: string;
  plan?: Plan;
  settings?: SettingEntry[];
  schedules: CompanySchedule[];
}

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** 'HH:MM' on a 24-hour clock, or empty for a closed day. */
const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, { error: V.invalid });

/**
 * PUT /companies/:id/schedules: exactly one entry per weekday; empty times
 * mean the company does not attend that day.
 */
export const companySchedulesInput = z.object({
  schedules: z
    .array(
      companySchedule.extend({
        weekday: z.string().trim().max(30, { error: V.tooLong }),
        weekdayEn: z.enum(WEEKDAYS_EN, { error: V.invalid }),
        startTime: clockTime,
        endTime: clockTime,
      }),
      { error: V.required },
    )
    .length(WEEKDAYS_EN.length, { error: V.invalid })
    .refine((list) => new Set(list.map((s) => s.weekdayEn)).size === WEEKDAYS_EN.length, { error: V.invalid }),
});
export type CompanySchedulesInput = z.input<typeof companySchedulesInput>;
