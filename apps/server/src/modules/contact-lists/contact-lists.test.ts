import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactListImportReport, ListContact } from '@atende/contract';
import { writeSetting } from '../settings/settings.service.js';
import { insertContactRow, insertTicketRow } from '../../test/conversation-fixtures.js';
import { pairedConnection, startWorld, type World } from '../../test/conversation-world.js';
import { unique, type ApiClient } from '../../test/harness.js';
import { eventually } from '../../test/live-sockets.js';
import { multipartBody } from '../../test/hostile-values.js';
import { contactsOfTag } from './contact-lists.repository.js';
import { importContactList } from './contact-lists.import.js';
import { XLS_MAX_BYTES } from './contact-lists.spreadsheet.js';
import { createNumberChecker } from './contact-lists.jobs.js';

let w: World;
let agent: ApiClient;

beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/users', { name: 'Plain Agent', email: 'agent@lists.example', password: 'secret123' });
  agent = w.t.as(await w.t.login('agent@lists.example', 'secret123'));
});
afterAll(async () => {
  await w.t.close();
});
beforeEach(() => vi.restoreAllMocks());

async function newList(name = unique('Lista').slice(0, 40)) {
  const res = await w.admin.post('/api/contact-lists', { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; contactsCount: number };
}

async function upload(listId: number, fileName: string, data: Buffer, token = w.adminSession.token) {
  const body = multipartBody({}, { field: 'file', fileName, data, mimeType: 'application/octet-stream' });
  return w.t.request({
    method: 'POST',
    url: `/api/contact-lists/${listId}/upload`,
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lista');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function allContacts(listId: number, api = w.admin): Promise<ListContact[]> {
  const found: ListContact[] = [];
  for (let page = 1; ; page++) {
    const body = (await api.get(`/api/contact-list-items?contactListId=${listId}&pageNumber=${page}`)).json();
    found.push(...body.contacts);
    if (!body.hasMore) return found;
  }
}

describe('contact lists', () => {
  it('are created, renamed, found by name, paged and deleted, each change announced', async () => {
    const emitted = vi.spyOn(w.t.ctx.live, 'toCompany');
    const list = await newList('Clientes Outubro');
    expect(list).toEqual({ id: expect.any(Number), name: 'Clientes Outubro', contactsCount: 0 });
    expect(emitted).toHaveBeenCalledWith(w.company.companyId, 'contactList', { action: 'create', record: list });

    const renamed = (await w.admin.put(`/api/contact-lists/${list.id}`, { name: 'Clientes Novembro' })).json();
    expect(renamed).toEqual({ ...list, name: 'Clientes Novembro' });
    expect((await w.admin.get(`/api/contact-lists/${list.id}`)).json()).toEqual(renamed);
    const found = (await w.admin.get('/api/contact-lists?searchParam=novembro')).json();
    expect(found).toEqual({ records: [renamed], count: 1, hasMore: false });
    expect((await w.admin.get('/api/contact-lists/list')).json()).toContainEqual(renamed);

    for (let i = 0; i < 21; i++) await newList(`Página ${String(i).padStart(2, '0')}`);
    const first = (await w.admin.get('/api/contact-lists?searchParam=Página')).json();
    expect(first.records).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = (await w.admin.get('/api/contact-lists?searchParam=Página&pageNumber=2')).json();
    expect(second).toMatchObject({ hasMore: false, records: [{ name: 'Página 20' }] });

    expect((await w.admin.delete(`/api/contact-lists/${list.id}`)).statusCode).toBe(204);
    expect(emitted).toHaveBeenCalledWith(w.company.companyId, 'contactList', { action: 'delete', contactListId: list.id });
    expect((await w.admin.get(`/api/contact-lists/${list.id}`)).json()).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
  });

  it('refuses a name shorter than 2 or longer than 50 characters, writing nothing', async () => {
    for (const name of ['', 'A', 'x'.repeat(51)]) {
      const res = await w.admin.post('/api/contact-lists', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
    expect((await w.admin.get('/api/contact-lists?searchParam=xxxxxxxxxx')).json().count).toBe(0);
  });
});

describe('contacts of a list', () => {
  it('stores numbers as contacts do, refuses a number twice in a list and finds by name, number or email', async () => {
    const list = await newList();
    const res = await w.admin.post('/api/contact-list-items', { name: 'Ana Lima', number: '+55 (11) 8765-4321', email: 'Ana@Example.com', contactListId: list.id, companyId: 999 });
    expect(res.statusCode, res.body).toBe(200);
    const ana = res.json();
    expect(ana).toEqual({
      id: expect.any(Number), name: 'Ana Lima', number: '5511987654321', email: 'ana@example.com',
      isWhatsappValid: null, companyId: w.company.companyId, contactListId: list.id,
    });
    const twice = await w.admin.post('/api/contact-list-items', { name: 'Outra Ana', number: '5511987654321', contactListId: list.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('ERR_CONTACT_LIST_DUPLICATED_NUMBER');
    const bruno = (await w.admin.post('/api/contact-list-items', { name: 'Bruno Reis', number: '5521998761234', contactListId: list.id })).json();

    const search = (q: string) => w.admin.get(`/api/contact-list-items?contactListId=${list.id}&searchParam=${encodeURIComponent(q)}`).then((r) => r.json().contacts.map((c: ListContact) => c.name));
    expect(await search('bruno')).toEqual(['Bruno Reis']);
    expect(await search('98765')).toEqual(['Ana Lima']);
    expect(await search('ana@')).toEqual(['Ana Lima']);
    expect((await w.admin.get(`/api/contact-lists/${list.id}`)).json().contactsCount).toBe(2);

    const edited = (await w.admin.put(`/api/contact-list-items/${bruno.id}`, { number: '5521998760000', contactListId: 12345 })).json();
    expect(edited).toMatchObject({ name: 'Bruno Reis', number: '5521998760000', contactListId: list.id, isWhatsappValid: null });
    expect((await w.admin.get(`/api/contact-list-items/${bruno.id}`)).json()).toEqual(edited);
  });

  it('refuses bad fields with 400 and unknown lists with 404', async () => {
    const list = await newList();
    const bad = [
      { name: 'A', number: '5511987654321', contactListId: list.id },
      { name: 'Ana Lima', number: '1234', contactListId: list.id },
      { name: 'Ana Lima', number: 'abcdefghij', contactListId: list.id },
      { name: 'Ana Lima', number: '5511987654321', email: 'not-an-email', contactListId: list.id },
      { name: 'Ana Lima', number: '5511987654321' },
    ];
    for (const body of bad) expect((await w.admin.post('/api/contact-list-items', body)).statusCode, JSON.stringify(body)).toBe(400);
    const missing = await w.admin.post('/api/contact-list-items', { name: 'Ana Lima', number: '5511987654321', contactListId: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await w.admin.get(`/api/contact-list-items?contactListId=999999`)).statusCode).toBe(404);
    expect((await w.admin.get('/api/contact-list-items')).statusCode).toBe(400);
    expect(await allContacts(list.id)).toEqual([]);
  });

  it('deleting a contact needs contacts-page:deleteContact', async () => {
    const list = await newList();
    const item = (await agent.post('/api/contact-list-items', { name: 'Caio Prado', number: '5531987650001', contactListId: list.id })).json();
    const denied = await agent.delete(`/api/contact-list-items/${item.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('ERR_NO_PERMISSION');
    expect((await w.admin.delete(`/api/contact-list-items/${item.id}`)).statusCode).toBe(204);
    expect((await w.admin.delete(`/api/contact-list-items/${item.id}`)).json()).toEqual({ error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' });
  });
});

describe('who may use contact lists', () => {
  it('is refused when the plan has no campaigns, or the company has them switched off', async () => {
    const other = await w.t.createCompany({ plan: { useCampaigns: false } });
    const api = w.t.as(await w.t.login(other.email, other.password));
    for (const res of [await api.get('/api/contact-lists'), await api.post('/api/contact-lists', { name: 'Lista' }), await api.get('/api/contact-list-items?contactListId=1')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    const off = await w.t.createCompany();
    await writeSetting(w.t.database.db, off.companyId, 'campaignsEnabled', 'false', new Date());
    const offApi = w.t.as(await w.t.login(off.email, off.password));
    const refused = await offApi.post('/api/contact-lists', { name: 'Lista' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_CAMPAIGNS_DISABLED');
  });

  it('another company’s lists and contacts do not exist for the caller', async () => {
    const list = await newList();
    const item = (await w.admin.post('/api/contact-list-items', { name: 'Dora Luz', number: '5541987650002', contactListId: list.id })).json();
    const other = await w.t.createCompany();
    const strangerSession = await w.t.login(other.email, other.password);
    const stranger = w.t.as(strangerSession);
    const tries = [
      await stranger.get(`/api/contact-lists/${list.id}`),
      await stranger.put(`/api/contact-lists/${list.id}`, { name: 'Minha' }),
      await stranger.delete(`/api/contact-lists/${list.id}`),
      await stranger.get(`/api/contact-list-items?contactListId=${list.id}`),
      await stranger.post('/api/contact-list-items', { name: 'Intrusa', number: '5541987650003', contactListId: list.id }),
      await stranger.get(`/api/contact-list-items/${item.id}`),
      await stranger.put(`/api/contact-list-items/${item.id}`, { name: 'Intrusa' }),
      await stranger.delete(`/api/contact-list-items/${item.id}`),
      await upload(list.id, 'lista.csv', Buffer.from('name,number\nIntrusa,5541987650004\n'), strangerSession.token),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(404);
    expect(await allContacts(list.id)).toEqual([item]);
    expect((await stranger.get('/api/contact-lists/list')).json()).toEqual([]);
  });
});

describe('importing a spreadsheet', () => {
  it('reads an xlsx: numbers normalised, duplicates merged, bad rows reported with their reason', async () => {
    const list = await newList();
    await w.admin.post('/api/contact-list-items', { name: 'Já Estava', number: '5511987650101', contactListId: list.id });
    const file = await xlsx([
      ['Nome', 'Número', 'Email'],
      ['Elisa Castro', 5511987650102, 'elisa@example.com'],
      ['Fábio Melo', '+55 11 8765-0103', ''],
      ['Elisa C.', '5511987650102', ''],
      ['Nome Novo', '5511987650101', 'novo@example.com'],
      ['Sem Número', '', ''],
      ['Número Ruim', '12ab', ''],
      ['Email Ruim', '5511987650104', 'elisa@'],
      [],
      ['', '5511987650105', ''],
    ]);
    const emitted = vi.spyOn(w.t.ctx.live, 'toCompany');
    const res = await upload(list.id, 'Lista.XLSX', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as ContactListImportReport).toEqual({
      rows: 8,
      tooManyRows: false,
      imported: 3,
      merged: 2,
      refusedCount: 3,
      refused: [
        { row: 6, reason: 'numberMissing', value: 'Sem Número' },
        { row: 7, reason: 'numberInvalid', value: '12ab' },
        { row: 8, reason: 'emailInvalid', value: 'elisa@' },
      ],
    });
    expect(emitted).toHaveBeenCalledWith(w.company.companyId, 'contactList', { action: 'reload', contactListId: list.id });
    const contacts = (await allContacts(list.id)).map(({ name, number, email }) => ({ name, number, email }));
    expect(contacts).toEqual([
      { name: '5511987650105', number: '5511987650105', email: '' },
      { name: 'Elisa C.', number: '5511987650102', email: 'elisa@example.com' },
      { name: 'Fábio Melo', number: '5511987650103', email: '' },
      { name: 'Nome Novo', number: '5511987650101', email: 'novo@example.com' },
    ]);
    expect((await w.admin.get(`/api/contact-lists/${list.id}`)).json().contactsCount).toBe(4);
  });

  it('reads a csv separated by semicolons, in batches, merging duplicates across them', async () => {
    const list = await newList();
    const lines = ['nome;telefone;e-mail'];
    for (let i = 0; i < 1_200; i++) lines.push(`Pessoa ${i};5511900${String(i % 1_000).padStart(6, '0')};`);
    lines.push('"Aspas; e ponto e vírgula";5511988887777;aspas@example.com');
    const res = await upload(list.id, 'grande.csv', Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 1_201, imported: 1_001, merged: 200, refusedCount: 0, refused: [], tooManyRows: false });
    expect((await w.admin.get(`/api/contact-lists/${list.id}`)).json().contactsCount).toBe(1_001);
    const quoted = (await w.admin.get(`/api/contact-list-items?contactListId=${list.id}&searchParam=aspas`)).json().contacts;
    expect(quoted).toMatchObject([{ name: 'Aspas; e ponto e vírgula', number: '5511988887777', email: 'aspas@example.com' }]);
  });

  it('reads no more than the row limit, and says the rest was left out', async () => {
    const list = await newList();
    const actor = { companyId: w.company.companyId, userId: w.company.adminId, profile: 'admin' } as Parameters<typeof importContactList>[1];
    const csv = Readable.from(['name,number\n', 'Um Dois,5511987650001\nTrês Quatro,5511987650002\n', 'Cinco Seis,5511987650003\n']);
    const report = await importContactList(w.t.ctx, actor, list.id, { kind: 'csv', stream: csv }, 2);
    expect(report).toMatchObject({ rows: 2, imported: 2, tooManyRows: true });
    expect((await allContacts(list.id)).map((c) => c.name)).toEqual(['Três Quatro', 'Um Dois']);
  });

  it('reads a legacy .xls (BIFF8): numbers typed as numbers or text, a header, bad rows reported', async () => {
    const list = await newList();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['nome', 'telefone', 'email'],
      ['Gabriela Reis', 5511987650301, 'gabi@example.com'],
      ['Heitor Lima', '+55 (11) 8765-0302', ''],
      ['Gabi R.', '5511987650301', ''],
      ['Sem Número'],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Lista');
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Outra', '5511987650309']]), 'Outra');
    const file = XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }) as Buffer;
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const res = await upload(list.id, 'Antiga.XLS', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: 4,
      tooManyRows: false,
      imported: 2,
      merged: 1,
      refusedCount: 1,
      refused: [{ row: 5, reason: 'numberMissing', value: 'Sem Número' }],
    });
    const contacts = (await allContacts(list.id)).map(({ name, number, email }) => ({ name, number, email }));
    expect(contacts).toEqual([
      { name: 'Gabi R.', number: '5511987650301', email: 'gabi@example.com' },
      { name: 'Heitor Lima', number: '5511987650302', email: '' },
    ]);
  });

  it('refuses an .xls over its size limit without reading it into a list', async () => {
    const list = await newList();
    const actor = { companyId: w.company.companyId, userId: w.company.adminId, profile: 'admin' } as Parameters<typeof importContactList>[1];
    const chunk = Buffer.alloc(1024 * 1024);
    const huge = Readable.from((function* () {
      for (let sent = 0; sent <= XLS_MAX_BYTES; sent += chunk.length) yield chunk;
    })());
    await expect(importContactList(w.t.ctx, actor, list.id, { kind: 'xls', stream: huge })).rejects.toMatchObject({ code: 'ERR_PAYLOAD_TOO_LARGE', status: 413 });
    expect(await allContacts(list.id)).toEqual([]);
  });

  it('refuses other files, an unreadable spreadsheet and a missing file, writing nothing', async () => {
    const list = await newList();
    for (const name of ['lista.txt', 'lista.ods', 'lista']) {
      const res = await upload(list.id, name, Buffer.from('name,number\nA B,5511987650001\n'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_IMPORT_FILE_TYPE');
    }
    for (const name of ['lista.xlsx', 'lista.xls']) {
      // A .xls that is text inside (a csv or a web page renamed) is not handed to the parser.
      const broken = await upload(list.id, name, Buffer.from('name,number\nA B,5511987650001\n'));
      expect(broken.statusCode, name).toBe(400);
      expect(broken.json().error).toBe('ERR_IMPORT_FILE_UNREADABLE');
    }
    const truncated = await upload(list.id, 'lista.xls', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 7)]));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toBe('ERR_IMPORT_FILE_UNREADABLE');
    const none = await w.admin.post(`/api/contact-lists/${list.id}/upload`, {});
    expect(none.statusCode).toBe(400);
    expect(await allContacts(list.id)).toEqual([]);
  });

  it('offers an example spreadsheet with the columns the import reads', async () => {
    const res = await w.admin.get('/api/contact-lists/example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, 'name', 'number', 'email']);
    const list = await newList();
    expect((await upload(list.id, 'exemplo.xlsx', res.rawPayload)).json()).toMatchObject({ imported: 2, refusedCount: 0 });
  });
});

describe('asking WhatsApp about the numbers', () => {
  it('marks each number valid or not through the default connection, announcing the checked contacts', { timeout: 60_000 }, async () => {
    const list = await newList();
    await upload(list.id, 'lista.csv', Buffer.from('name,number\nGil Souza,5511987650201\nHelena Dias,5511987650404\nIvo Santos,5511987650203\n'));
    const checker = createNumberChecker(w.t.ctx, { paceMs: 0, pollMs: 60_000 });
    // No connected connection yet: the numbers wait.
    await checker.runDue();
    expect((await allContacts(list.id)).map((c) => c.isWhatsappValid)).toEqual([null, null, null]);

    // Watched before the line connects: the app's own checker may answer first.
    const emitted = vi.spyOn(w.t.ctx.live, 'toCompany');
    await pairedConnection(w);
    await eventually(async () => {
      await checker.runDue();
      const byName = Object.fromEntries((await allContacts(list.id)).map((c) => [c.name, c.isWhatsappValid]));
      expect(byName).toEqual({ 'Gil Souza': true, 'Helena Dias': false, 'Ivo Santos': true });
    }, 20_000);
    expect(emitted).toHaveBeenCalledWith(
      w.company.companyId,
      'contactList',
      expect.objectContaining({ action: 'contacts', contactListId: list.id, contacts: expect.arrayContaining([expect.objectContaining({ name: 'Helena Dias', isWhatsappValid: false })]) }),
    );
    // An edited number is asked about again.
    const helena = (await allContacts(list.id)).find((c) => c.name === 'Helena Dias')!;
    expect((await w.admin.put(`/api/contact-list-items/${helena.id}`, { number: '5511987650205' })).json().isWhatsappValid).toBeNull();
    await eventually(async () => {
      await checker.runDue();
      expect((await w.admin.get(`/api/contact-list-items/${helena.id}`)).json().isWhatsappValid).toBe(true);
    }, 20_000);
  });
});

describe('contacts of a tag', () => {
  it('are the company’s contacts whose tickets carry the tag, each once, groups left out', async () => {
    const db = w.t.database.db;
    const companyId = w.company.companyId;
    const tag = (await w.admin.post('/api/tags', { name: unique('Campanha').slice(0, 40) })).json();
    const other = (await w.admin.post('/api/tags', { name: unique('Outra').slice(0, 40) })).json();
    const joana = await insertContactRow(db, companyId, { name: 'Joana Reis', number: '5511987650301' });
    const kleber = await insertContactRow(db, companyId, { name: 'Kleber Nunes', number: '5511987650302' });
    const group = await insertContactRow(db, companyId, { name: 'Grupo', number: '120363000000000001' });
    await db.updateTable('contacts').set({ isGroup: true }).where('id', '=', group.id).execute();
    const tagTicket = async (contactId: number, tagId: number, status: 'open' | 'closed' = 'open') => {
      const ticket = await insertTicketRow(db, companyId, { contactId, status });
      await db.insertInto('ticketTags').values({ ticketId: ticket.id, tagId }).execute();
    };
    await tagTicket(joana.id, tag.id);
    await tagTicket(joana.id, tag.id, 'closed');
    await tagTicket(group.id, tag.id);
    await tagTicket(kleber.id, other.id);
    expect(await contactsOfTag(db, companyId, tag.id)).toEqual([{ id: joana.id, name: 'Joana Reis', number: '5511987650301', email: '' }]);
    const elsewhere = await w.t.createCompany();
    expect(await contactsOfTag(db, elsewhere.companyId, tag.id)).toEqual([]);
  });
});
