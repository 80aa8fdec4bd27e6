import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { V } from '@atende/contract';
import { AppError } from './errors.js';

/** argon2id with the library's defaults (memory-hard; about 20 ms here). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the email is unknown, so a wrong email takes as long as a
 * wrong password and does not reveal which accounts exist.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hash('decoy-password-never-valid');
  return decoy;
}

/** The most common passwords, shipped with the server (apps/server/common-passwords.txt). */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  // Two levels up from src/platform and from dist/platform alike.
  common ??= new Set(
    readFileSync(new URL('../../common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

export function isCommonPassword(plain: string): boolean {
  return commonPasswords().has(plain.trim().toLowerCase());
}

/** A password someone chooses: the contract checked its length; a common one is refused here. */
export function assertUncommonPassword(plain: string | undefined, field = 'password'): void {
  if (plain && isCommonPassword(plain)) throw new AppError('ERR_VALIDATION', 400, { fields: { [field]: V.weakPassword } });
}
