import { hash, verify } from '@node-rs/argon2';

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
