import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
};

/**
 * The built web app served from its own origin, as a static host of a split deployment would:
 * its files as they are, index.html for every other path, with the API's origin named in the page.
 */
export async function serveWebApart(port: number, apiOrigin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const dist = new URL('../../apps/web/dist/', import.meta.url).pathname;
  const index = (await readFile(join(dist, 'index.html'), 'utf8')).replace(
    /<meta name="atende-api-origin" content="[^"]*"/,
    `<meta name="atende-api-origin" content="${apiOrigin}"`,
  );
  const server: Server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0]));
    try {
      if (path === '/' || !extname(path)) throw new Error('page');
      const body = await readFile(join(dist, path));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(200, { 'content-type': TYPES['.html'] });
      response.end(index);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
