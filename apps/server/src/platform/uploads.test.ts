import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS } from '@atende/contract';
import { startTestApp, type TestApp, type TestSession } from '../test/harness.js';
import { multipart, type MultipartPart } from '../test/multipart.js';

let t: TestApp;
let session: TestSession;
let other: TestSession;

beforeAll(async () => {
  // A 1 MB quota and three uploads a minute, so both limits are reached with small files.
  t = await startTestApp({ env: { MEDIA_QUOTA_MB: '1', UPLOADS_PER_MINUTE: '3', LOGIN_MAX_PER_IP: '100000' } });
  const a = await t.createCompany();
  const b = await t.createCompany();
  session = await t.login(a.email, a.password);
  other = await t.login(b.email, b.password);
});
afterAll(() => t.close());

const kib = (n: number) => Buffer.alloc(n * 1024, 7);
const fileOf = (data: Buffer, field = 'file'): MultipartPart => ({ name: field, file: data, fileName: 'tabela.pdf', type: 'application/pdf' });

async function quickMessage(as: TestSession, shortcode: string): Promise<number> {
  const res = await t.as(as).post('/api/quick-messages', { shortcode, message: 'Segue a tabela' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

function upload(as: TestSession, id: number, parts: MultipartPart[]) {
  const body = multipart(parts);
  return t.request({ method: 'POST', url: `/api/quick-messages/${id}/media-upload`, headers: { ...body.headers, authorization: `Bearer ${as.token}` }, payload: body.payload });
}

const waiting = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};
const storedBytes = async (companyId: number) =>
  Number((await t.database.db.selectFrom('companies').select('mediaBytes').where('id', '=', companyId).executeTakeFirstOrThrow()).mediaBytes);

describe('uploads', () => {
  it('refuses a file above its route limit while it streams in, keeps nothing and counts nothing', async () => {
    const id = await quickMessage(other, 'grande');
    const res = await upload(other, id, [fileOf(Buffer.alloc(UPLOADS.mediaMaxBytes + 1, 1))]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'ERR_FILE_TOO_LARGE', details: { maxBytes: UPLOADS.mediaMaxBytes } });
    expect(waiting()).toEqual([]);
    expect(await storedBytes(other.companyId)).toBe(0);
    expect((await t.as(other).get('/api/quick-messages/list')).json().find((q: { id: number }) => q.id === id).mediaPath).toBeNull();
  });

  it('refuses a file part under another name than the route reads', async () => {
    const id = await quickMessage(other, 'outro');
    const res = await upload(other, id, [fileOf(kib(1), 'anexo')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { file: 'invalid' } });
    expect(waiting()).toEqual([]);
  });

  it("counts what a company stores against its quota, without touching another company's", async () => {
    const first = await quickMessage(session, 'um');
    const second = await quickMessage(session, 'dois');
    const kept = await upload(session, first, [fileOf(kib(600))]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await storedBytes(session.companyId)).toBe(600 * 1024);
    const over = await upload(session, second, [fileOf(kib(600))]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: 'ERR_STORAGE_QUOTA_EXCEEDED', details: { maxBytes: 1024 * 1024 } });
    expect(await storedBytes(session.companyId)).toBe(600 * 1024);
    expect(waiting()).toEqual([]);
    // The file kept is whole and readable by its company only.
    const path = kept.json().mediaPath as string;
    const served = await t.request({ method: 'GET', url: path, headers: { authorization: `Bearer ${session.token}` } });
    expect(served.rawPayload.length).toBe(600 * 1024);
    expect((await t.request({ method: 'GET', url: path, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
  });

  it('slows down a person who uploads too often, saying how long to wait', async () => {
    // This person sent two uploads in this minute (the quota test): a third passes, a fourth waits.
    const id = await quickMessage(session, 'tres');
    expect((await upload(session, id, [fileOf(kib(1))])).statusCode).toBe(200);
    const res = await upload(session, id, [fileOf(kib(1))]);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'ERR_TOO_MANY_UPLOADS', details: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
