import type { Transaction } from 'kysely';
import type { AllTicket, Profile } from '@atende/contract';
import type { DB } from '../../db/schema.js';
import { conflict, isUniqueViolation } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';

export interface NewUserFields {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  allTicket?: AllTicket;
  whatsappId?: number | null;
  super?: boolean;
}

/** Inserts a user of `companyId` inside the caller's transaction; the email must be free platform-wide. */
export async function insertUser(trx: Transaction<DB>, companyId: number, fields: NewUserFields) {
  const passwordHash = await hashPassword(fields.password);
  try {
    return await trx
      .insertInto('users')
      .values({
        companyId,
        name: fields.name,
        email: fields.email.toLowerCase(),
        passwordHash,
        profile: fields.profile,
        allTicket: fields.allTicket ?? 'desabled',
        whatsappId: fields.whatsappId ?? null,
        super: fields.super ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw conflict('ERR_EMAIL_IN_USE');
    throw error;
  }
}
