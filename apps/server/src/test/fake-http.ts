import { createServer, type IncomingMessage } from 'node:http';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw body, as signed by the caller. */
  raw: string;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

/** A local HTTP server answering JSON from `handle`: the base of the fake outside services. */
export async function startFakeHttp(handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let answer: FakeAnswer;
    try {
      answer = await handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
    } catch (error) {
      answer = { status: 500, body: { error: String(error) } };
    }
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function parseJson(raw: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
