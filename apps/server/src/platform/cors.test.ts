import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
const origin = 'https://painel.example.com';

beforeAll(async () => {
  t = await startTestApp({ env: { CORS_ORIGINS: origin } });
});
afterAll(() => t.close());

const preflight = (method: string, from = origin) =>
  t.request({
    method: 'OPTIONS',
    url: '/api/contacts/1',
    headers: { origin: from, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
  });

describe('cross-origin access', () => {
  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('lets the allowed origin call %s with its token and cookie', async (method) => {
    const res = await preflight(method);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });

  it('gives a foreign origin no permission', async () => {
    const res = await preflight('DELETE', 'https://other.example.com');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
