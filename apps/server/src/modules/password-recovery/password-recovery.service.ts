import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { RECOVERY, type RecoveryStatus, type resetPasswordParams } from '@atende/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SendMail } from '../../platform/mailer.js';
import { assertUncommonPassword, hashPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../users/user-sessions.repository.js';
import * as repo from './password-recovery.repository.js';

const invalidCode = () => new AppError('ERR_INVALID_RECOVERY_CODE', 400);

/** The code is kept as a keyed hash: the table alone does not let anyone try codes offline. */
function codeHash(ctx: AppContext, userId: number, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`password-reset:${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function recoveryStatus(mailer: SendMail | null): RecoveryStatus {
  return { configured: mailer !== null };
}

/**
 * Mails a one-time code to the address when it names a user. The caller's answer is the same
 * either way and comes before the mail leaves, so neither the answer nor its timing tells which
 * addresses have accounts.
 */
export async function requestCode(ctx: AppContext, mailer: SendMail | null, email: string): Promise<void> {
  if (!mailer) throw new AppError('ERR_RECOVERY_NOT_CONFIGURED', 503);
  const user = await repo.userByEmail(ctx.db, email);
  if (!user) return;
  const code = String(randomInt(0, 10 ** RECOVERY.codeDigits)).padStart(RECOVERY.codeDigits, '0');
  const now = ctx.clock.now();
  await repo.saveCode(ctx.db, {
    userId: user.id,
    companyId: user.companyId,
    codeHash: codeHash(ctx, user.id, code),
    expiresAt: new Date(now.getTime() + RECOVERY.ttlMinutes * 60_000),
    now,
  });
  const text = [
    `Olá, ${user.name}.`,
    '',
    `Seu código para redefinir a senha é: ${code}`,
    `Ele vale por ${RECOVERY.ttlMinutes} minutos e pode ser usado uma só vez.`,
    '',
    'Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.',
  ].join('\n');
  void mailer({ to: user.email, subject: 'Código para redefinir sua senha', text }).catch((error) => {
    ctx.log.error({ err: error }, 'the password recovery mail could not be sent');
  });
}

/**
 * Sets the new password when the code is the user's live one, then voids the code and ends every
 * session of the user (whoever held the old password is signed out). Any failure answers the same
 * error, whether the email, the code or its age was wrong.
 */
export async function resetPassword(ctx: AppContext, input: z.output<typeof resetPasswordParams>): Promise<void> {
  assertUncommonPassword(input.password);
  const user = await repo.userByEmail(ctx.db, input.email);
  const stored = user ? await repo.findCode(ctx.db, user.id) : undefined;
  if (!user || !stored) throw invalidCode();
  const now = ctx.clock.now();
  if (new Date(stored.expiresAt).getTime() <= now.getTime() || stored.attempts >= RECOVERY.maxAttempts) throw invalidCode();
  const hash = codeHash(ctx, user.id, input.token.padStart(RECOVERY.codeDigits, '0'));
  if (!sameHash(hash, stored.codeHash)) {
    await repo.countWrongTry(ctx.db, user.id);
    throw invalidCode();
  }
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.takeCode(trx, user.id, hash))) throw invalidCode();
    await repo.setPasswordHash(trx, user.companyId, user.id, passwordHash, now);
    return revokeUserSessions(trx, user.id, now);
  });
  ctx.live.endSessions(ended);
}
