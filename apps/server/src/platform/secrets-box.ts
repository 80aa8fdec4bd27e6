/**
 * Secrets kept at rest (credentials of outside services a company configures): sealed with
 * AES-256-GCM under a key derived (HKDF-SHA256) from SECRETS_KEY, so a database dump alone
 * does not reveal them. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url parts);
 * opening one sealed under another key, or altered, throws.
 *
 *   const box = secretsBox(config.secretsKey);
 *   const stored = box.seal('{"private_key": ...}');
 *   box.open(stored) // the original text
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretsBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';
const boxes = new Map<string, SecretsBox>();

function keyOf(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'atende-secrets-box', VERSION, 32));
}

/** The box of this key material (one per key, built once). */
export function secretsBox(material: string): SecretsBox {
  let box = boxes.get(material);
  if (box) return box;
  const key = keyOf(material);
  box = {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
  boxes.set(material, box);
  return box;
}
