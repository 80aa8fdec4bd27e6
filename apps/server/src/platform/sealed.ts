/**
 * Secrets the product keeps in the database for the company (an AI prompt's API key, an integration's service account or signing secret) are stored
 * sealed: AES-256-GCM with a random 12-byte nonce, the key derived (HKDF-SHA256) from the server's
 * SECRETS_KEY, or from its JWT secret when SECRETS_KEY is not set. A copy of the database alone
 * does not give the secrets away; changing the key makes the stored ones unreadable (they are
 * entered again). Format: `v1.<nonce>.<ciphertext>.<tag>`, each part base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when it was sealed with another key or was tampered with. */
  open(sealed: string): string | null;
}

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'atende', 'sealed-secrets:v1', 32));
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, data, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, nonce, data, tag] = sealed.split('.');
      if (version !== 'v1' || !nonce || data === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
