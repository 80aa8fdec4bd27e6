import type { QueueRef, User } from '@atende/contract';
import type { UserRow } from '../../db/schema.js';

/** The public shape of a user: never the password hash. */
export function presentUser(row: UserRow, queues: QueueRef[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    allTicket: row.allTicket,
    whatsappId: row.whatsappId,
    companyId: row.companyId,
    super: row.super,
    online: row.online,
    queues,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
