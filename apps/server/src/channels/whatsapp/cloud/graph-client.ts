/**
 * Plain fetch client for the parts of Meta's Graph API the Cloud provider uses. The base URL is
 * configurable so tests point it at the local fake Graph server.
 */
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v21.0';

/** Graph error codes we act on. */
export const GraphCodes = {
  INVALID_TOKEN: 190,
  /** More than 24 hours since the customer last wrote: only templates may be sent. */
  REENGAGEMENT: 131047,
  UNDELIVERABLE: 131026,
  RECIPIENT_NOT_ALLOWED: 131030,
} as const;

export class GraphError extends Error {
  override readonly name = 'GraphError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
    readonly subcode?: number,
    readonly details?: string,
  ) {
    super(message);
  }
}

export interface GraphClientOptions {
  baseUrl?: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

export interface MediaInfo { url: string; mime_type: string; sha256?: string; file_size?: number | string; id: string }

export class GraphClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: GraphClientOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_GRAPH_URL).replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await this.call(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as T;
  }

  /** Uploads bytes as Meta's multipart form (file, type, messaging_product); returns the media id. */
  async uploadMedia(phoneNumberId: string, data: Buffer, mimeType: string, fileName = 'file'): Promise<string> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    const bare = mimeType.split(';')[0].trim(); // 'audio/ogg; codecs=opus' is uploaded as 'audio/ogg'
    form.append('type', bare);
    form.append('file', new Blob([new Uint8Array(data)], { type: bare }), fileName);
    const response = await this.call(`${this.baseUrl}/${encodeURIComponent(phoneNumberId)}/media`, { method: 'POST', body: form });
    const { id } = (await response.json()) as { id?: string };
    if (!id) throw new GraphError(response.status, 'media upload answered without an id');
    return id;
  }

  /** A media id becomes a short-lived URL, which is fetched with the same bearer token. */
  async downloadMedia(mediaId: string): Promise<{ data: Buffer; mimeType: string }> {
    const info = await this.request<MediaInfo>('GET', `/${encodeURIComponent(mediaId)}`);
    const response = await this.call(info.url, { method: 'GET' });
    return { data: Buffer.from(await response.arrayBuffer()), mimeType: info.mime_type };
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${this.options.accessToken}`);
    const response = await this.fetchImpl(url, {
      ...init,
      headers,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    if (response.ok) return response;
    let body: GraphErrorBody = {};
    try {
      body = (await response.json()) as GraphErrorBody;
    } catch {
      // Not JSON (a proxy's error page): the status is all we know.
    }
    const e = body.error ?? {};
    throw new GraphError(response.status, e.message ?? `Graph API answered ${response.status}`, e.code, e.error_subcode, e.error_data?.details);
  }
}
