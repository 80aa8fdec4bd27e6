import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES, isErrorCode } from './errors.js';
import { PERMISSIONS, PROFILES, can, isSuper } from './permissions.js';
import { loginInput } from './auth.js';
import { signupInput } from './companies.js';
import { scheduleInput } from './schedules.js';
import { userCreateInput, userUpdateInput } from './users.js';

/** The message key of each refused field, as the server answers them in `fields`. */
function refusals(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('schemas', () => {
  it('accept the shapes the product sends and normalise them', () => {
    expect(loginInput.parse({ email: '  Ana@Example.COM ', password: 'x' })).toEqual({ email: 'ana@example.com', password: 'x' });
    const user = userCreateInput.parse({ name: ' Ana Souza ', email: 'ANA@example.com', password: 'cavalo-bateria-9' });
    expect(user).toMatchObject({ name: 'Ana Souza', email: 'ana@example.com', profile: 'user', allTicket: 'desabled', queueIds: [], whatsappId: null });
    const sendAt = '2030-01-02T10:00:00.000Z';
    expect(scheduleInput.parse({ body: 'Lembrete da consulta', contactId: '12', sendAt })).toMatchObject({ contactId: 12, body: 'Lembrete da consulta' });
    expect(signupInput.parse({ name: 'Loja', email: 'dono@loja.example', phone: '11987654321', password: 'loja-da-esquina', planId: '3' }).planId).toBe(3);
  });

  it('refuse bad input with one message key per field', () => {
    expect(refusals(userCreateInput, { name: 'A', email: 'nope', password: '1234567' })).toEqual({ name: 'tooShort', email: 'invalidEmail', password: 'tooShort' });
    expect(refusals(userCreateInput, { name: 'Ana', email: 'a@b.co', password: '         ' })).toEqual({ password: 'weakPassword' });
    expect(refusals(userCreateInput, { name: 'Ana', email: 'a@b.co', password: 'x'.repeat(51) })).toEqual({ password: 'tooLong' });
    expect(refusals(scheduleInput, { body: 'oi', contactId: 0 })).toMatchObject({ body: 'tooShort', contactId: 'required' });
    expect(refusals(signupInput, { name: 'Loja', email: 'dono@loja.example', phone: '123', password: '12345', planId: 1 })).toEqual({ phone: 'invalid', password: 'tooShort' });
  });

  it('keep the password on an edit left blank, and check it when given', () => {
    expect(userUpdateInput.parse({ name: 'Ana', email: 'a@b.co', password: '' }).password).toBeUndefined();
    expect(refusals(userUpdateInput, { name: 'Ana', email: 'a@b.co', password: '12345' })).toEqual({ password: 'tooShort' });
  });
});

describe('permissions', () => {
  it('give admins every named check, and plain users none of them', () => {
    for (const permission of Object.keys(PERMISSIONS) as Array<keyof typeof PERMISSIONS>) {
      expect(can({ profile: 'admin' }, permission), permission).toBe(true);
      expect(can({ profile: 'user' }, permission), permission).toBe(false);
      for (const profile of PERMISSIONS[permission]) expect(PROFILES).toContain(profile);
    }
  });

  it('let supervisors transfer to anyone and switch the kanban, and nobody unsigned do anything', () => {
    expect(can({ profile: 'supervisor' }, 'ticket-options:transferToUser')).toBe(true);
    expect(can({ profile: 'supervisor' }, 'tag:kanbanSwitch')).toBe(true);
    expect(can({ profile: 'supervisor' }, 'users:manage')).toBe(false);
    expect(can({ profile: 'supervisor' }, 'simulator:use')).toBe(false);
    expect(can(null, 'dashboard:view')).toBe(false);
    expect(isSuper({ profile: 'admin' })).toBe(false);
    expect(isSuper({ profile: 'user', super: true })).toBe(true);
  });
});

describe('errors', () => {
  it('lists every code once, each an ERR_ name', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^ERR_[A-Z_]+$/);
    expect(isErrorCode('ERR_NO_TICKET_FOUND')).toBe(true);
    expect(isErrorCode('ERR_MADE_UP')).toBe(false);
  });
});
