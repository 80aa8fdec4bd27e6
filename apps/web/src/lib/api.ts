import type { AuthResponse } from '@atende/contract';
import { clearAuthToken, getToken, storeToken } from './storage';

/**
 * Where the API lives: the page's own origin, or the one named by the page's
 * `<meta name="atende-api-origin">` when the web app is served apart from it (the API then lists
 * this page's origin in CORS_ORIGINS).
 */
export function apiOrigin(): string {
  if (typeof document === 'undefined') return '';
  const named = document.querySelector<HTMLMetaElement>('meta[name="atende-api-origin"]')?.content.trim() ?? '';
  return named.replace(/\/+$/, '');
}

const API_BASE = `${apiOrigin()}/api`;

/** An address the API gave (`/api/media/...`) as the browser must fetch it. */
export function apiAddress(path: string): string {
  return path.startsWith('/api/') ? `${apiOrigin()}${path}` : path;
}

/** A failed call. `code` is the `error` field of the body (`ERR_*`), when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const code = readCode(body);
    super(code ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }

  get fields(): Record<string, string> {
    const fields = (this.body as { fields?: unknown } | null)?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }

  get details(): Record<string, unknown> {
    const details = (this.body as { details?: unknown } | null)?.details;
    return details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  }
}

function readCode(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error ? error : null;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Public calls (login, signup, plans) neither send the token nor refresh or log out on failure. */
  auth?: boolean;
}

interface SessionHooks {
  onSessionLost: () => void;
  onTokenRefreshed: (answer: AuthResponse) => void;
}

let hooks: SessionHooks = { onSessionLost: () => {}, onTokenRefreshed: () => {} };

/** The auth provider plugs in here, so the client stays free of React. */
export function configureSessionHooks(next: Partial<SessionHooks>): void {
  hooks = { ...hooks, ...next };
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token && options.auth !== false) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

let refreshing: Promise<AuthResponse> | null = null;

/** Trades the refresh cookie for a new access token. Concurrent callers share one request. */
export function refreshAccessToken(): Promise<AuthResponse> {
  refreshing ??= (async () => {
    const response = await fetch(buildUrl('/auth/refresh_token'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    const answer = body as AuthResponse;
    storeToken(answer.token);
    hooks.onTokenRefreshed(answer);
    return answer;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function loseSession(): void {
  clearAuthToken();
  hooks.onSessionLost();
}

/**
 * Calls the API. A 403 refreshes the token once and retries once; a 401 clears
 * the stored token and company and logs the user out.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const authed = options.auth !== false;
  const sentToken = getToken();
  let response = await send(path, options, sentToken);

  if (authed && response.status === 403) {
    // Another call may have refreshed meanwhile; then only the retry is needed.
    if (getToken() === sentToken) {
      try {
        await refreshAccessToken();
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) loseSession();
        throw err;
      }
    }
    response = await send(path, options, getToken());
  }

  const body = await readBody(response);
  if (authed && response.status === 401) {
    loseSession();
    throw new ApiError(response.status, body);
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, query?: QueryParams, options?: Omit<RequestOptions, 'query' | 'method'>) =>
    apiRequest<T>(path, { ...options, query, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>) =>
    apiRequest<T>(path, { ...options, body, method: 'POST' }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>) =>
    apiRequest<T>(path, { ...options, body, method: 'PUT' }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
