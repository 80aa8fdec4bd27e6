import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessClaims } from '@atende/contract';
import { AppError } from './errors.js';

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<string>;
  /** Verified claims; 403 ERR_ACCESS_TOKEN_EXPIRED when expired (the client refreshes), 401 otherwise. */
  verifyAccess(token: string | undefined): Promise<AccessClaims>;
}

export function createTokenService(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verifyAccess(token) {
      if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { id, companyId, profile, sid } = payload as Partial<AccessClaims>;
        if (typeof id !== 'number' || typeof companyId !== 'number' || typeof sid !== 'string') {
          throw new AppError('ERR_SESSION_EXPIRED', 401);
        }
        return { id, companyId, profile: String(profile), super: Boolean(payload.super), sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AppError('ERR_ACCESS_TOKEN_EXPIRED', 403);
        if (error instanceof AppError) throw error;
        throw new AppError('ERR_SESSION_EXPIRED', 401);
      }
    },
  };
}

/** Refresh tokens are opaque random strings; only their hash is stored. Format: `{sessionId}.{secret}`. */
export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshSecret(secret: string, pepper: string): string {
  return createHash('sha256').update(pepper).update(secret).digest('hex');
}

/** The secret a refresh token rotates into: unguessable without the server's pepper. */
export function nextRefreshSecret(secret: string, pepper: string): string {
  return createHmac('sha256', pepper).update(`rotation:${secret}`).digest('base64url');
}
