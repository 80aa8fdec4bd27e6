/**
 * Dialogflow ES over REST: an OAuth2 access token from the service account (a JWT signed RS256
 * with its private key, exchanged at its token_uri by the JWT bearer grant), then
 * `POST {DIALOGFLOW_API_URL}/v2/projects/{project}/agent/sessions/{session}:detectIntent`.
 * Tokens are kept until a minute before they expire.
 */
import { createHash, sign } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { assertMayCall, callJson, IntegrationFailure } from './integration-http.js';
import type { ServiceAccount } from './queue-integrations.policy.js';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';
const tokens = new Map<string, { token: string; until: number }>();

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of the JWT bearer grant (RFC 7523). */
export function serviceAccountAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: account.clientEmail, scope: SCOPE, aud: account.tokenUri, iat: nowSeconds, exp: nowSeconds + 3600 }));
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), account.privateKey).toString('base64url');
  return `${header}.${claims}.${signature}`;
}

async function accessToken(ctx: AppContext, account: ServiceAccount): Promise<string> {
  const key = createHash('sha256').update(`${account.tokenUri}\n${account.clientEmail}\n${account.privateKey}`).digest('hex');
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  await assertMayCall(account.tokenUri, ctx.config.webhooks.allowPrivate);
  const assertion = serviceAccountAssertion(account, Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(ctx.config.integrations.timeoutMs),
    });
  } catch {
    throw new IntegrationFailure('Google\'s token endpoint could not be reached');
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (!response.ok || typeof body.access_token !== 'string') throw new IntegrationFailure(`the service account was refused (HTTP ${response.status})`, 401);
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, lifetime - 60) * 1000 });
  return body.access_token;
}

export interface DialogflowTurn {
  /** The agent's texts, in order. */
  texts: string[];
  /** The matched intent ends the conversation. */
  end: boolean;
}

interface DetectIntentResponse {
  queryResult?: {
    fulfillmentText?: string;
    fulfillmentMessages?: Array<{ text?: { text?: string[] } }>;
    intent?: { endInteraction?: boolean };
    diagnosticInfo?: { end_conversation?: boolean };
  };
}

export async function detectIntent(
  ctx: AppContext,
  account: ServiceAccount,
  query: { projectName: string; language: string; sessionId: string; text: string },
): Promise<DialogflowTurn> {
  const token = await accessToken(ctx, account);
  const base = ctx.config.integrations.dialogflowApiUrl;
  const url = `${base}/v2/projects/${encodeURIComponent(query.projectName)}/agent/sessions/${encodeURIComponent(query.sessionId)}:detectIntent`;
  const answer = (await callJson(url, {
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ queryInput: { text: { text: query.text.slice(0, 256), languageCode: query.language } } }),
    timeoutMs: ctx.config.integrations.timeoutMs,
  })) as DetectIntentResponse | undefined;
  const result = answer?.queryResult;
  if (!result) throw new IntegrationFailure('Dialogflow answered without a queryResult');
  const fromMessages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => typeof t === 'string' && t.trim());
  const texts = fromMessages.length ? fromMessages : result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
  return { texts, end: result.intent?.endInteraction === true || result.diagnosticInfo?.end_conversation === true };
}

/** testSession: the agent's answer to a greeting, or a clear error saying what failed. */
export async function openDialogflowSession(ctx: AppContext, account: ServiceAccount, session: { projectName: string; language: string; sessionId: string }): Promise<string> {
  try {
    const turn = await detectIntent(ctx, account, { ...session, text: greetingOf(session.language) });
    return turn.texts.join('\n');
  } catch (error) {
    if (!(error instanceof IntegrationFailure)) throw error;
    if (error.status === 401) throw new AppError('ERR_DIALOGFLOW_AUTH_FAILED', 400, { details: { reason: error.reason } });
    throw new AppError('ERR_DIALOGFLOW_REQUEST_FAILED', 502, { details: { reason: error.reason, status: error.status ?? null } });
  }
}

const greetingOf = (language: string) => (language === 'en' ? 'Hello' : language === 'es' ? 'Hola' : 'Olá');
