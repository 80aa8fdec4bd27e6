import { z } from 'zod';
import { V, emailField, newPassword, recordId, requiredText } from './common.js';
import { PROFILES, type Profile } from './permissions.js';

export const ALL_TICKET = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof ALL_TICKET)[number];

const password = newPassword();

const userFields = {
  name: requiredText(2, 50),
  email: emailField,
  profile: z.enum(PROFILES).default('user'),
  allTicket: z.enum(ALL_TICKET).default('desabled'),
  whatsappId: recordId().nullable().optional().default(null),
  queueIds: z.array(recordId()).max(500).optional().default([]),
};

/** Name 2-50, email valid, password 8-50 and not spaces only (required on create). */
export const userCreateInput = z.object({
  ...userFields,
  password: z.string({ error: V.required }).min(1, { error: V.required }).pipe(password),
});
export type UserCreateInput = z.input<typeof userCreateInput>;

/** On edit an empty password keeps the current one. */
export const userUpdateInput = z.object({
  ...userFields,
  password: z
    .union([z.literal(''), password])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type UserUpdateInput = z.input<typeof userUpdateInput>;

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  allTicket: AllTicket;
  whatsappId: number | null;
  companyId: number;
  super: boolean;
  online: boolean;
  queues: QueueRef[];
  createdAt: string;
  updatedAt: string;
}
