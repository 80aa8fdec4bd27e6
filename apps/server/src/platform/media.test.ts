import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../test/harness.js';
import { loadConfig } from '../config.js';
import { createMediaStore, extensionFor, toVoiceNote } from './media.js';

/**
 * Media storage: unguessable names under DATA_DIR/media/company-{id}, read back only
 * within the company, served to its signed-in members only; voice notes through ffmpeg.
 */
let t: TestApp;
let a: TestCompany;
let adminA: ApiClient;
let adminB: ApiClient;

function ffmpegOnPath(): string | null {
  const candidate = process.env.FFMPEG_PATH || 'ffmpeg';
  try {
    execFileSync(candidate, ['-version'], { stdio: 'ignore' });
    return candidate;
  } catch {
    return null;
  }
}

/** One second of a 440 Hz tone as 16-bit mono PCM WAV. */
function wavTone(seconds = 1, rate = 8000): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  a = await t.createCompany();
  const b = await t.createCompany();
  adminA = t.as(await t.login(a.email, a.password));
  adminB = t.as(await t.login(b.email, b.password));
});
afterAll(() => t.close());

describe('media storage', () => {
  it('stores under the company folder with an unguessable name and a safe extension', async () => {
    const first = await t.ctx.media.save(a.companyId, { data: Buffer.from('jpeg bytes'), mimeType: 'image/jpeg' });
    const second = await t.ctx.media.save(a.companyId, { data: Buffer.from('jpeg bytes'), mimeType: 'image/jpeg' });
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}\.jpg$/);
    expect(second).not.toBe(first);
    expect(readdirSync(join(t.config.dataDir, 'media', `company-${a.companyId}`))).toEqual(expect.arrayContaining([first, second]));
    expect(await t.ctx.media.read(a.companyId, first)).toMatchObject({ contentType: 'image/jpeg', data: Buffer.from('jpeg bytes') });
  });

  it('never keeps a dangerous extension', () => {
    expect(extensionFor('text/html')).toBe('bin');
    expect(extensionFor('image/svg+xml', 'logo.svg')).toBe('bin');
    expect(extensionFor('application/octet-stream', 'contrato.pdf')).toBe('pdf');
    expect(extensionFor('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionFor('application/x-unknown', 'no-extension')).toBe('bin');
  });

  it('reads only within the caller’s company and only media names', async () => {
    const name = await t.ctx.media.save(a.companyId, { data: Buffer.from('%PDF-1.4'), mimeType: 'application/pdf' });
    const otherCompany = a.companyId + 1;
    expect(await t.ctx.media.read(otherCompany, name)).toBeNull();
    for (const bad of ['../../secrets.json', `../company-${a.companyId}/${name}`, 'secrets.json', `${name}/..`, '']) {
      expect(await t.ctx.media.read(a.companyId, bad)).toBeNull();
    }
  });

  it('the provider sink stores inbound media and answers its name', async () => {
    const stored = await t.ctx.media.sink.save({
      companyId: a.companyId, connectionId: 1, providerMessageId: 'X1', mimeType: 'audio/ogg; codecs=opus', data: Buffer.from('OggS'),
    });
    expect(stored).toMatch(/\.ogg$/);
    expect((await t.ctx.media.read(a.companyId, stored))?.contentType).toBe('audio/ogg');
  });
});

describe('GET /api/media/:fileName', () => {
  it('serves the company’s members with the right type; everyone else gets 404 or 401', async () => {
    const name = await t.ctx.media.save(a.companyId, { data: Buffer.from('PNGDATA'), mimeType: 'image/png' });
    const own = await adminA.get(`/api/media/${name}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload).toEqual(Buffer.from('PNGDATA'));

    expect((await adminB.get(`/api/media/${name}`)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/media/${name}` })).statusCode).toBe(401);
    for (const path of ['..%2F..%2Fsecrets.json', '..%2Fsecrets.json', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', '%2E%2E']) {
      const res = await adminA.get(`/api/media/${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await adminA.get('/api/media/../secrets.json')).statusCode).toBe(404);
  });
});

describe('voice notes', () => {
  it('says clearly when ffmpeg is not available', async () => {
    await expect(toVoiceNote(wavTone(), { ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toMatchObject({ code: 'ERR_FFMPEG_UNAVAILABLE', status: 503 });
    // FFMPEG_PATH reaches the store through the configuration.
    const config = loadConfig({ DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(16), JWT_REFRESH_SECRET: 'y'.repeat(16), FFMPEG_PATH: '/nonexistent/ffmpeg' });
    const store = createMediaStore({ dataDir: config.dataDir, ffmpegPath: config.ffmpegPath });
    await expect(store.toVoiceNote(wavTone())).rejects.toMatchObject({ code: 'ERR_FFMPEG_UNAVAILABLE' });
  });

  const ffmpeg = ffmpegOnPath();
  if (!ffmpeg) {
    console.warn('\n*** ffmpeg was not found (FFMPEG_PATH or PATH): the voice-note conversion tests are SKIPPED. Install ffmpeg to run them. ***\n');
  }

  it.skipIf(!ffmpeg)('converts audio to an ogg/opus voice note', async () => {
    const ogg = await toVoiceNote(wavTone(), { ffmpegPath: ffmpeg! });
    expect(ogg.subarray(0, 4).toString()).toBe('OggS');
    expect(ogg.includes(Buffer.from('OpusHead'))).toBe(true);
  });

  it.skipIf(!ffmpeg)('refuses what is not audio as an invalid file', async () => {
    await expect(toVoiceNote(Buffer.from('not audio at all'), { ffmpegPath: ffmpeg! })).rejects.toMatchObject({
      code: 'ERR_VALIDATION', extra: { fields: { file: 'invalid' } },
    });
  });

  it('runs ffmpeg with an argument array and hands back what it wrote (a stand-in ffmpeg)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fake ffmpeg $(touch pwned) '));
    const fake = join(dir, 'ffmpeg');
    writeFileSync(
      fake,
      `#!${process.execPath}
const args = process.argv.slice(2);
const input = args[args.indexOf('-i') + 1];
const ok = require('node:fs').readFileSync(input).subarray(0, 4).toString() === 'RIFF' && args.includes('libopus') && args.at(-1) === 'pipe:1';
if (!ok) { process.stderr.write('unexpected call ' + JSON.stringify(args)); process.exit(1); }
process.stdout.write('OggS-fake-OpusHead');
`,
      { mode: 0o755 },
    );
    try {
      expect((await toVoiceNote(wavTone(), { ffmpegPath: fake })).toString()).toBe('OggS-fake-OpusHead');
      await expect(toVoiceNote(Buffer.from('nope'), { ffmpegPath: fake })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
      expect(existsSync(join(dir, 'pwned'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
