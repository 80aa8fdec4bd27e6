import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileList } from '@atende/contract';
import { liveSockets, eventually } from '../../test/live-sockets.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany, type TestSession } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let adminSession: TestSession;
let admin: ApiClient;
let agentSession: TestSession;
let agent: ApiClient;
let url = '';
const sockets = liveSockets(() => url);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  url = await t.listen();
  company = await t.createCompany();
  adminSession = await t.login(company.email, company.password);
  admin = t.as(adminSession);
  await admin.post('/api/users', { name: 'Ana', email: 'ana@files.example', password: 'secret123' });
  agentSession = await t.login('ana@files.example', 'secret123');
  agent = t.as(agentSession);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

/** A multipart body with the given parts (files as { filename, type, data }). */
function multipart(parts: Record<string, string | { filename: string; type: string; data: Buffer }>) {
  const boundary = `----atende${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`));
      chunks.push(value.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(session: TestSession, listId: number, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return t.request({ method: 'POST', url: `/api/files/uploadList/${listId}`, headers: { ...body.headers, authorization: `Bearer ${session.token}` }, payload: body.payload });
}

const pdf = { filename: 'tabela.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 preços') };

async function optionRows(fileListId: number) {
  return t.database.db.selectFrom('fileListOptions').selectAll().where('fileListId', '=', fileListId).execute();
}

describe('file lists', () => {
  it('creates a list with its options, uploads each file and reads it back with its files', async () => {
    const created = await admin.post('/api/files', { name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Tabela' }, { name: 'Foto' }] });
    expect(created.statusCode, created.body).toBe(200);
    const list = created.json() as FileList;
    expect(list).toMatchObject({ name: 'Catálogo', message: 'Segue o catálogo' });
    expect(list.options.map((o) => [o.name, o.path])).toEqual([['Tabela', null], ['Foto', null]]);

    const res = await upload(adminSession, list.id, { fileId: String(list.options[0].id), typeArch: 'fileList', files: pdf });
    expect(res.statusCode, res.body).toBe(200);
    const [tabela] = (res.json() as FileList).options;
    expect(tabela).toMatchObject({ name: 'Tabela', mediaType: 'application/pdf', file: 'tabela.pdf', path: expect.stringMatching(/^\/api\/media\/.+\.pdf$/) });
    const served = await admin.get(tabela.path!);
    expect(served.statusCode).toBe(200);
    expect(served.payload).toBe('%PDF-1.4 preços');

    expect((await admin.get(`/api/files/${list.id}`)).json().options[0]).toEqual(tabela);
    const page = (await admin.get('/api/files?searchParam=catál')).json();
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.files[0].options).toHaveLength(2);
    expect((await admin.get('/api/files/list')).json().map((l: FileList) => l.id)).toContain(list.id);
  });

  it("answers 'nome muito curto' (tooShort) for a name under 3 characters and requires the message, storing nothing", async () => {
    const before = await t.database.db.selectFrom('fileLists').select('id').execute();
    const short = await admin.post('/api/files', { name: 'ab', message: 'Olá', options: [{ name: 'x' }] });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'ERR_VALIDATION', fields: { name: 'tooShort' } });
    const noMessage = await admin.post('/api/files', { name: 'Sem mensagem', message: '  ' });
    expect(noMessage.json()).toEqual({ error: 'ERR_VALIDATION', fields: { message: 'required' } });
    const blankOption = await admin.post('/api/files', { name: 'Opção vazia', message: 'Olá', options: [{ name: '' }] });
    expect(blankOption.json().fields).toEqual({ 'options.0.name': 'required' });
    expect(await t.database.db.selectFrom('fileLists').select('id').execute()).toEqual(before);
  });

  it('refuses a file of a forbidden type or without an option of the list, and stores nothing', async () => {
    const list = (await admin.post('/api/files', { name: 'Proibidos', message: 'x', options: [{ name: 'Script' }] })).json() as FileList;
    const optionId = String(list.options[0].id);
    for (const file of [
      { filename: 'page.html', type: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
      { filename: 'setup.exe', type: 'application/x-msdownload', data: Buffer.from('MZ') },
      { filename: 'logo.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') },
    ]) {
      const res = await upload(adminSession, list.id, { fileId: optionId, files: file });
      expect(res.statusCode, file.type).toBe(400);
      expect(res.json().error).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    }
    expect((await optionRows(list.id))[0].path).toBeNull();

    const other = (await admin.post('/api/files', { name: 'Outra lista', message: 'x', options: [{ name: 'Dela' }] })).json() as FileList;
    const foreign = await upload(adminSession, list.id, { fileId: String(other.options[0].id), files: pdf });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NO_FILE_LIST_OPTION_FOUND');
    expect((await upload(adminSession, list.id, { files: pdf })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { fileId: 'required' } });
    expect((await upload(adminSession, list.id, { fileId: optionId })).json()).toEqual({ error: 'ERR_VALIDATION', fields: { files: 'required' } });
  });

  it('an edit keeps, renames and reorders the options sent, adds new ones and removes the rest', async () => {
    const list = (await admin.post('/api/files', { name: 'Editável', message: 'x', options: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] })).json() as FileList;
    const [a, b, c] = list.options;
    await upload(adminSession, list.id, { fileId: String(c.id), files: pdf });
    const res = await admin.put(`/api/files/${list.id}`, { name: 'Editada', message: 'y', options: [{ id: c.id, name: 'C2' }, { name: 'D' }, { id: a.id, name: 'A' }] });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as FileList;
    expect(edited).toMatchObject({ name: 'Editada', message: 'y' });
    expect(edited.options.map((o) => o.name)).toEqual(['C2', 'D', 'A']);
    expect(edited.options[0]).toMatchObject({ id: c.id, file: 'tabela.pdf' });
    expect((await optionRows(list.id)).map((o) => o.id)).not.toContain(b.id);

    // Only the name sent: the options stay as they are.
    expect((await admin.put(`/api/files/${list.id}`, { name: 'Só o nome' })).json().options).toEqual(edited.options);
    // Another list's option is bad input, and the list is left as it was.
    const other = (await admin.post('/api/files', { name: 'Vizinha', message: 'x', options: [{ name: 'Z' }] })).json() as FileList;
    const hijack = await admin.put(`/api/files/${list.id}`, { options: [{ id: other.options[0].id, name: 'Roubada' }] });
    expect(hijack.json()).toEqual({ error: 'ERR_VALIDATION', fields: { options: 'invalid' } });
    expect((await admin.get(`/api/files/${list.id}`)).json().options).toEqual(edited.options);
    expect((await admin.get(`/api/files/${other.id}`)).json().options[0].name).toBe('Z');
  });

  it('deleting a list removes its option rows', async () => {
    const list = (await admin.post('/api/files', { name: 'Apagável', message: 'x', options: [{ name: 'A' }, { name: 'B' }] })).json() as FileList;
    expect(await optionRows(list.id)).toHaveLength(2);
    expect((await admin.delete(`/api/files/${list.id}`)).statusCode).toBe(204);
    expect(await optionRows(list.id)).toEqual([]);
    expect((await admin.get(`/api/files/${list.id}`)).json().error).toBe('ERR_NO_FILE_LIST_FOUND');
    expect((await admin.delete(`/api/files/${list.id}`)).statusCode).toBe(404);
  });

  it('is for admins only: an agent is refused on every call', async () => {
    const list = (await admin.post('/api/files', { name: 'Dos admins', message: 'x', options: [{ name: 'A' }] })).json() as FileList;
    for (const res of [
      await agent.get('/api/files'),
      await agent.get('/api/files/list'),
      await agent.get(`/api/files/${list.id}`),
      await agent.post('/api/files', { name: 'Do agente', message: 'x' }),
      await agent.put(`/api/files/${list.id}`, { name: 'Do agente' }),
      await agent.delete(`/api/files/${list.id}`),
      await upload(agentSession, list.id, { fileId: String(list.options[0].id), files: pdf }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await admin.get(`/api/files/${list.id}`)).json()).toMatchObject({ name: 'Dos admins', options: [{ path: null }] });
  });

  it('announces changes to the admins, never to agents', async () => {
    const adminHeard = sockets.record(await sockets.connect(adminSession));
    const agentHeard = sockets.record(await sockets.connect(agentSession));
    const list = (await admin.post('/api/files', { name: 'Ao vivo', message: 'x' })).json() as FileList;
    await admin.put(`/api/files/${list.id}`, { name: 'Ao vivo 2' });
    await admin.delete(`/api/files/${list.id}`);
    const event = `company-${company.companyId}-fileList`;
    await eventually(() =>
      expect(adminHeard.filter((e) => e.event === event).map((e) => (e.payload as { action: string }).action)).toEqual(['create', 'update', 'delete']),
    );
    expect(agentHeard.filter((e) => e.event === event)).toEqual([]);
  });
});
