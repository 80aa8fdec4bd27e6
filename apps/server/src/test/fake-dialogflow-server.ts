/**
 * Google's token endpoint and Dialogflow ES's detectIntent, on one local server. The token
 * endpoint takes the JWT bearer grant and checks the RS256 assertion against the service
 * account's public key (issuer, audience, expiry); detectIntent needs a token it issued and
 * answers scripted intents: a greeting, a question, and 'atendente' ending the conversation
 * (endInteraction).
 */
import { generateKeyPairSync, randomUUID, verify, type KeyObject } from 'node:crypto';
import { parseJson, startFakeHttp } from './fake-http.js';

export interface FakeDialogflow {
  url: string;
  /** A service-account JSON the token endpoint accepts. */
  serviceAccount: string;
  /** Same account, another key: refused. */
  wrongKeyAccount: string;
  project: string;
  queries: Array<{ session: string; text: string; languageCode: string }>;
  tokensIssued: number;
  close(): Promise<void>;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

function validAssertion(assertion: string, key: KeyObject, email: string, audience: string): boolean {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return false;
  if (b64json(header).alg !== 'RS256') return false;
  if (!verify('sha256', Buffer.from(`${header}.${claims}`), key, Buffer.from(signature, 'base64url'))) return false;
  const c = b64json(claims);
  const now = Math.floor(Date.now() / 1000);
  return c.iss === email && c.aud === audience && typeof c.scope === 'string' && c.iat <= now + 60 && c.exp > now;
}

function intentFor(text: string) {
  if (/atendente/i.test(text)) {
    return { fulfillmentText: 'Vou chamar um atendente.', fulfillmentMessages: [{ text: { text: ['Vou chamar um atendente.'] } }], intent: { displayName: 'handoff', endInteraction: true } };
  }
  if (/^(oi|olá|ola|hello|hola)(?!\p{L})/iu.test(text)) {
    return { fulfillmentText: 'Olá! Em que posso ajudar?', fulfillmentMessages: [{ text: { text: ['Olá! Em que posso ajudar?'] } }, { text: { text: ['Digite "atendente" para falar com uma pessoa.'] } }], intent: { displayName: 'welcome' } };
  }
  return { fulfillmentText: 'Não entendi, pode repetir?', fulfillmentMessages: [], intent: { displayName: 'fallback' } };
}

export async function startFakeDialogflow(project = 'atende-agent'): Promise<FakeDialogflow> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const email = `bot@${project}.iam.gserviceaccount.com`;
  const tokens = new Set<string>();
  let baseUrl = '';
  const fake: Omit<FakeDialogflow, 'url' | 'close' | 'serviceAccount' | 'wrongKeyAccount'> = { project, queries: [], tokensIssued: 0 };
  const server = await startFakeHttp(({ method, path, headers, raw }) => {
    if (method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw);
      const assertion = form.get('assertion') ?? '';
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !validAssertion(assertion, publicKey, email, `${baseUrl}/token`)) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
      }
      const token = randomUUID();
      tokens.add(token);
      fake.tokensIssued += 1;
      return { body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (method !== 'POST' || !match) return { status: 404, body: { error: { code: 404, message: 'not found' } } };
    const bearer = String(headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    if (decodeURIComponent(match[1]) !== project) return { status: 403, body: { error: { code: 403, status: 'PERMISSION_DENIED' } } };
    const input = (parseJson(raw)?.queryInput as { text?: { text?: string; languageCode?: string } } | undefined)?.text;
    if (!input?.text || !input.languageCode) return { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT' } } };
    fake.queries.push({ session: decodeURIComponent(match[2]), text: input.text, languageCode: input.languageCode });
    return { body: { responseId: randomUUID(), queryResult: { queryText: input.text, languageCode: input.languageCode, ...intentFor(input.text) } } };
  });
  baseUrl = server.url;
  const account = (key: string) =>
    JSON.stringify({ type: 'service_account', project_id: project, private_key_id: 'k1', private_key: key, client_email: email, token_uri: `${baseUrl}/token` });
  return Object.assign(fake, {
    url: server.url,
    close: server.close,
    serviceAccount: account(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    wrongKeyAccount: account(other.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
  }) as FakeDialogflow;
}
