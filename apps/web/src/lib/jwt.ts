/** Reads the claims of a JWT without verifying it: the server verifies, the client only needs hints. */
export function decodeTokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function tokenSessionId(token: string | null | undefined): string | null {
  const sid = decodeTokenClaims(token)?.sid;
  return typeof sid === 'string' ? sid : null;
}

/** True when the token is missing, unreadable, or expires within `marginSeconds`. */
export function isTokenExpired(token: string | null | undefined, marginSeconds = 0, now = Date.now()): boolean {
  const exp = decodeTokenClaims(token)?.exp;
  if (typeof exp !== 'number') return true;
  return exp * 1000 <= now + marginSeconds * 1000;
}
