import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { ROUTE_CONTRACTS } from './api-docs.contracts.js';
import { mayTakeBody, type OpenApiDocument } from './api-docs.openapi.js';

/** The OpenAPI document is read from the app's own routes and the contract's schemas. */
let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  // With the simulator, so that its routes are documented too.
  t = await startTestApp({ env: { SIMULATOR: '1' } });
  const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = JSON.parse(res.body) as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
});

const apiRoutes = () => t.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && !r.url.includes('*'));
const operationOf = (method: string, url: string) => doc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every registered API route', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(apiRoutes().length).toBeGreaterThan(100);
    for (const route of apiRoutes()) expect(operationOf(route.method, route.url), `${route.method} ${route.url}`).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/messages/send', '/api/tickets', '/api/tickets/{id}', '/api/contacts']));
  });

  it('gives every route that may take a body the schema of its body', () => {
    const missing = apiRoutes().filter((route) => mayTakeBody(route) && !operationOf(route.method, route.url)?.requestBody);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('names only routes that exist', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTE_CONTRACTS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('carries the contract: the messages API as JSON and multipart, queries as parameters, path parameters', () => {
    const send = operationOf('POST', '/api/messages/send')!;
    const json = send.requestBody!.content['application/json'].schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(json.properties)).toEqual(expect.arrayContaining(['number', 'body', 'closeTicket', 'queueId', 'userId']));
    expect(json.required).toContain('number');
    const form = send.requestBody!.content['multipart/form-data'].schema as { properties: Record<string, { type: string }> };
    expect(form.properties.medias.type).toBe('array');
    expect(send.security).toEqual([{ connectionToken: [] }]);
    expect(operationOf('GET', '/api/tickets')!.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['searchParam', 'pageNumber', 'status']));
    expect(operationOf('PUT', '/api/tickets/:id')!.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
  });
});

describe('GET /api/docs', () => {
  it('is a page of the operations without scripts', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/messages/send');
    expect(res.body).toContain('/api/tickets/{id}');
    expect(res.body).not.toMatch(/<script/i);
  });
});
