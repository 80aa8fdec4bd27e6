import { mayPointTo } from '../../platform/outbound-address.js';

/**
 * JSON over HTTP to a queue integration's service, with the configured timeout. Every way a call
 * can go wrong (unreachable, timed out, an error status, an answer that is not JSON) becomes an
 * IntegrationFailure whose reason is written for the agents who take the ticket over.
 */
export class IntegrationFailure extends Error {
  constructor(
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason);
  }
}

/**
 * Refuses to call an address inside the network (the URL's name may have come to resolve there
 * since it was saved), unless private addresses are allowed (WEBHOOKS_ALLOW_PRIVATE).
 */
export async function assertMayCall(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new IntegrationFailure('the service address is not a valid URL');
  }
  if (!(await mayPointTo(parsed))) throw new IntegrationFailure('the service address points inside the network and is not allowed');
}

export interface JsonCall {
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  /** Sent as is (a signature covers these exact bytes). */
  body?: string;
  timeoutMs: number;
}

/** The answer's JSON (undefined for an empty body). */
export async function callJson(url: string, call: JsonCall): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method ?? 'POST',
      headers: { accept: 'application/json', ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}), ...call.headers },
      body: call.body,
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new IntegrationFailure(timedOut ? `no answer within ${call.timeoutMs} ms` : 'the service could not be reached');
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new IntegrationFailure(`the service answered HTTP ${response.status}`, response.status);
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new IntegrationFailure('the service answered something that is not JSON', response.status);
  }
}
