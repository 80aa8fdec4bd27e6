import { createPrivateKey } from 'node:crypto';
import { INTEGRATION_REQUIRED_FIELDS, V, type IntegrationType } from '@atende/contract';
import { AppError } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/sealed.js';

/** The parts of a Google service-account JSON a Dialogflow call uses. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

export const invalidField = (field: string, message: string = V.invalid) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: message } });

/** The service account in a JSON text, or null when it is not one (no email, no readable RSA key). */
export function readServiceAccount(text: string): ServiceAccount | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object') return null;
  const { client_email: clientEmail, private_key: privateKey, token_uri: tokenUri } = json as Record<string, unknown>;
  if (typeof clientEmail !== 'string' || !clientEmail || typeof privateKey !== 'string') return null;
  try {
    if (createPrivateKey(privateKey).asymmetricKeyType !== 'rsa') return null;
  } catch {
    return null;
  }
  if (tokenUri !== undefined && (typeof tokenUri !== 'string' || !/^https?:\/\//i.test(tokenUri))) return null;
  return { clientEmail, privateKey, tokenUri: (tokenUri as string | undefined) ?? GOOGLE_TOKEN_URI };
}

/** A service-account JSON given in a form: refused as an invalid jsonContent when it is not one. */
export function assertServiceAccount(text: string): ServiceAccount {
  const account = readServiceAccount(text);
  if (!account) throw invalidField('jsonContent');
  return account;
}

/** What the type needs to answer customers, after merging what was sent with what is stored. */
export function assertComplete(type: IntegrationType, values: Record<string, unknown>, hasJsonContent: boolean): void {
  for (const field of INTEGRATION_REQUIRED_FIELDS[type]) {
    const given = field === 'jsonContent' ? hasJsonContent : typeof values[field] === 'string' && (values[field] as string).trim() !== '';
    if (!given) throw invalidField(field, V.required);
  }
}

/**
 * A sealed credential's text, or null when none is stored or it no longer opens (SECRETS_KEY
 * changed): the integration then reads as having none, never as a server error.
 */
export function openSealed(box: SecretBox, sealed: string | null): string | null {
  return sealed ? box.open(sealed) : null;
}
