import { userCreateInput, userUpdateInput, type AllTicket, type Profile, type User } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** What the dialog edits; the contract schema validates it and gives the payload. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  allTicket: AllTicket;
  whatsappId: number | null;
  queueIds: number[];
}

export type UserPayload = z.output<typeof userCreateInput> | z.output<typeof userUpdateInput>;

export const USER_FORM_FIELDS = ['name', 'email', 'password', 'profile', 'allTicket', 'whatsappId', 'queueIds'] as const;

/** A new user is a plain user who does not see tickets without a queue. */
export const emptyUserForm: UserFormValues = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  allTicket: 'desabled',
  whatsappId: null,
  queueIds: [],
};

export function userToForm(user: User): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId ?? null,
    queueIds: (user.queues ?? []).map((queue) => queue.id),
  };
}

/** Password is required on create and optional on edit (an empty one keeps the current password). */
export function userFormResolver(isEdit: boolean): Resolver<UserFormValues, unknown, UserPayload> {
  const schema = isEdit ? userUpdateInput : userCreateInput;
  return zodResolver(schema) as unknown as Resolver<UserFormValues, unknown, UserPayload>;
}
