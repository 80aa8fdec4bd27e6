import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderSession } from '../../channels/whatsapp/provider.js';
import { insertTicketRow } from '../../test/conversation-fixtures.js';
import { contactSearchCondition } from './contacts.search.js';
import { startTestApp, type ApiClient, type TestApp, type TestCompany } from '../../test/harness.js';

let t: TestApp;
let company: TestCompany;
let admin: ApiClient;
let agent: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_PER_IP: '100000' } });
  company = await t.createCompany();
  admin = t.as(await t.login(company.email, company.password));
  await admin.post('/api/users', { name: 'Plain Agent', email: 'agent@contacts.example', password: 'secret123' });
  agent = t.as(await t.login('agent@contacts.example', 'secret123'));
});
afterAll(() => t.close());
beforeEach(() => vi.restoreAllMocks());

async function newCompany() {
  const other = await t.createCompany();
  return { company: other, admin: t.as(await t.login(other.email, other.password)) };
}

describe('creating contacts', () => {
  it('stores the canonical number and the extra info, and tells the company', async () => {
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const res = await agent.post('/api/contacts', {
      name: 'Maria Souza',
      number: '+55 (21) 8765-4321',
      email: 'Maria@Example.com',
      extraInfo: [{ name: 'CPF', value: '123' }, { name: 'Cidade', value: 'Rio' }],
      companyId: 999,
    });
    expect(res.statusCode).toBe(200);
    const contact = res.json();
    expect(contact).toMatchObject({ name: 'Maria Souza', number: '5521987654321', email: 'maria@example.com', companyId: company.companyId, isGroup: false });
    expect(contact.extraInfo.map((e: { name: string; value: string }) => [e.name, e.value])).toEqual([['CPF', '123'], ['Cidade', 'Rio']]);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'contact', { action: 'create', contact });
    expect((await agent.get(`/api/contacts/${contact.id}`)).json()).toEqual(contact);
  });

  it('a Brazilian number with or without the ninth digit, with or without punctuation, is one contact', async () => {
    expect((await admin.post('/api/contacts', { name: 'João Silva', number: '5511987650001' })).statusCode).toBe(200);
    for (const number of ['+55 (11) 8765-0001', '55 11 98765-0001', '551187650001', '5511987650001']) {
      const res = await admin.post('/api/contacts', { name: 'Duplicate', number });
      expect(res.statusCode, number).toBe(409);
      expect(res.json().error).toBe('ERR_DUPLICATED_CONTACT');
    }
    // Another company may have the same person.
    const other = await newCompany();
    expect((await other.admin.post('/api/contacts', { name: 'João Silva', number: '+55 11 8765-0001' })).json().number).toBe('5511987650001');
  });

  it('answers each invalid field with its message key', async () => {
    const res = await admin.post('/api/contacts', { name: 'A', number: '1234', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: { name: 'tooShort', number: 'tooShort', email: 'invalidEmail' } });
    expect((await admin.post('/api/contacts', {})).json().fields).toEqual({ name: 'required', number: 'required' });
    expect((await admin.post('/api/contacts', { name: 'x'.repeat(51), number: '1'.repeat(51) })).json().fields).toEqual({ name: 'tooLong', number: 'tooLong' });
    // Enough characters but not a reachable number.
    const letters = await admin.post('/api/contacts', { name: 'Letters', number: 'abcdefghij' });
    expect(letters.json()).toEqual({ error: 'ERR_VALIDATION', fields: { number: 'invalid' } });
  });
});

describe('editing and deleting contacts', () => {
  it('keeps fields not sent, replaces the extra info as a set (ids kept), refuses a number in use', async () => {
    const created = (await agent.post('/api/contacts', { name: 'Pedro', number: '5531987650002', email: 'p@x.example', extraInfo: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] })).json();
    const [a] = created.extraInfo;
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const res = await agent.put(`/api/contacts/${created.id}`, { name: 'Pedro Alves', extraInfo: [{ id: a.id, name: 'A', value: 'changed' }, { name: 'C', value: '3' }] });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ name: 'Pedro Alves', number: '5531987650002', email: 'p@x.example' });
    expect(updated.extraInfo).toEqual([{ id: a.id, name: 'A', value: 'changed' }, { id: expect.any(Number), name: 'C', value: '3' }]);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'contact', { action: 'update', contact: updated });
    // Without extraInfo it stays as it is.
    expect((await agent.put(`/api/contacts/${created.id}`, { email: '' })).json()).toMatchObject({ email: '', extraInfo: updated.extraInfo });

    await agent.post('/api/contacts', { name: 'Other', number: '5531987650003' });
    const clash = await agent.put(`/api/contacts/${created.id}`, { number: '+55 31 8765-0003' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe('ERR_DUPLICATED_CONTACT');
  });

  it('only a user with contacts-page:deleteContact deletes; the tickets go with the contact', async () => {
    const contact = (await agent.post('/api/contacts', { name: 'Leaving', number: '5541987650004' })).json();
    const ticket = await insertTicketRow(t.database.db, company.companyId, { contactId: contact.id });
    const refused = await agent.delete(`/api/contacts/${contact.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');

    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    const toRoom = vi.spyOn(t.ctx.live, 'toRoom');
    expect((await admin.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(204);
    expect(emitted).toHaveBeenCalledWith(company.companyId, 'contact', { action: 'delete', contactId: contact.id });
    expect(toRoom).toHaveBeenCalledWith(`company:${company.companyId}:admins`, company.companyId, 'ticket', { action: 'delete', ticketId: ticket.id });
    const gone = await admin.get(`/api/contacts/${contact.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('ERR_NO_CONTACT_FOUND');
    expect(await t.database.db.selectFrom('tickets').select('id').where('id', '=', ticket.id).executeTakeFirst()).toBeUndefined();
    expect((await admin.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
  });
});

describe('finding contacts', () => {
  let finder: ApiClient;

  beforeAll(async () => {
    const other = await newCompany();
    finder = other.admin;
    const people = [
      { name: 'Ana-Maria Souza', number: '5511987654321', email: 'ana.souza@example.com' },
      { name: 'Bruno Lima', number: '5521912345678', email: 'bruno@lima.example' },
      { name: 'Carla 100% Real', number: '14155550123', email: '' },
    ];
    for (const p of people) expect((await finder.post('/api/contacts', p)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      expect((await finder.post('/api/contacts', { name: `Zé ${String(i).padStart(2, '0')}`, number: `55319876500${String(i).padStart(2, '0')}` })).statusCode).toBe(200);
    }
  });

  const names = async (query: string) => ((await finder.get(`/api/contacts?${query}`)).json().contacts as Array<{ name: string }>).map((c) => c.name);

  it('pages 30 at a time, by name', async () => {
    const first = (await finder.get('/api/contacts')).json();
    expect(first.count).toBe(33);
    expect(first.contacts).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.contacts.slice(0, 3).map((c: { name: string }) => c.name)).toEqual(['Ana-Maria Souza', 'Bruno Lima', 'Carla 100% Real']);
    const second = (await finder.get('/api/contacts?pageNumber=2')).json();
    expect(second.contacts.map((c: { name: string }) => c.name)).toEqual(['Zé 27', 'Zé 28', 'Zé 29']);
    expect(second.hasMore).toBe(false);
  });

  it('searches words of the name, the email and the number, in any case', async () => {
    expect(await names('searchParam=maria')).toEqual(['Ana-Maria Souza']);
    expect(await names('searchParam=SOUZA%20ana')).toEqual(['Ana-Maria Souza']);
    expect(await names('searchParam=ana.sou')).toEqual(['Ana-Maria Souza']);
    expect(await names('searchParam=ana.souza%40example.com')).toEqual(['Ana-Maria Souza']);
    expect(await names('searchParam=bruno%40li')).toEqual(['Bruno Lima']);
    expect(await names('searchParam=5521')).toEqual(['Bruno Lima']);
    expect(await names('searchParam=lim')).toEqual(['Bruno Lima']);
    expect((await finder.get('/api/contacts?searchParam=z%C3%A9')).json().count).toBe(30);
  });

  it('finds a number typed in any format: punctuation, no country code, no ninth digit', async () => {
    for (const typed of ['(11) 98765-4321', '+55 11 98765 4321', '11 8765-4321', '987654321', '8765-4321']) {
      expect(await names(`searchParam=${encodeURIComponent(typed)}`), typed).toEqual(['Ana-Maria Souza']);
    }
    expect(await names(`searchParam=${encodeURIComponent('+1 415 555 0123')}`)).toEqual(['Carla 100% Real']);
  });

  it('takes the search text literally: symbols find nothing, never everything', async () => {
    expect((await finder.get('/api/contacts?searchParam=%25')).json().count).toBe(0);
    expect((await finder.get('/api/contacts?searchParam=_')).json().count).toBe(0);
    expect(await names("searchParam=it's")).toEqual([]);
    expect(await names('searchParam=100%25')).toEqual(['Carla 100% Real']);
  });

  it('filters by creation day', async () => {
    const db = t.database.db;
    const bruno = await db.selectFrom('contacts').select('id').where('name', '=', 'Bruno Lima').executeTakeFirstOrThrow();
    await db.updateTable('contacts').set({ createdAt: new Date('2024-03-10T12:00:00Z') }).where('id', '=', bruno.id).execute();
    expect(await names('date=2024-03-10')).toEqual(['Bruno Lima']);
    expect(await names('dateStart=2024-03-01&dateEnd=2024-03-10')).toEqual(['Bruno Lima']);
    expect(await names('dateStart=2024-03-11&dateEnd=2024-03-31')).toEqual([]);
    expect(await names('dateEnd=2024-03-09')).toEqual([]);
    expect((await finder.get('/api/contacts?date=10/03/2024')).statusCode).toBe(400);
  });

  it('answers the search from indexes, never a scan of every contact', async () => {
    const db = t.database.db;
    const plans = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = async (term: string) => {
        // Without the company filter, whose index the planner rightly prefers on a table this small:
        // what is checked is that the search condition itself can be answered from an index.
        const compiled = trx.selectFrom('contacts').select('id').where(contactSearchCondition(term)).compile();
        const plan = await trx.executeQuery(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
        return (plan.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n');
      };
      return { words: await explain('ana souza'), number: await explain('(11) 98765-4321') };
    });
    expect(plans.words).toContain('contacts_search_idx');
    expect(plans.number).toContain('contacts_number_suffix_idx');
    expect(`${plans.words}\n${plans.number}`).not.toMatch(/Seq Scan/);
  });

  it('the picker list answers id, name and number, searched the same way', async () => {
    const all = (await finder.get('/api/contacts/list')).json();
    expect(all).toHaveLength(33);
    expect(Object.keys(all[0]).sort()).toEqual(['id', 'name', 'number']);
    expect((await finder.get('/api/contacts/list?searchParam=bruno')).json()).toEqual([{ id: expect.any(Number), name: 'Bruno Lima', number: '5521912345678' }]);
  });

  it('never shows another company’s contacts', async () => {
    expect((await admin.get('/api/contacts?searchParam=bruno')).json().count).toBe(0);
    expect((await admin.get('/api/contacts/list?searchParam=bruno')).json()).toEqual([]);
  });
});

describe('exporting contacts', () => {
  it('answers a UTF-8 CSV with BOM, ";" between name, number and email, and a download name', async () => {
    const other = await newCompany();
    await other.admin.post('/api/contacts', { name: 'Zoë; "Quoted"', number: '5511987650010', email: 'zoe@example.com' });
    await other.admin.post('/api/contacts', { name: '=HYPERLINK("x")', number: '5511987650011' });
    await other.admin.post('/api/contacts', { name: 'Ângela', number: '5511987650012' });
    const res = await other.admin.get('/api/contacts/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFname;number;email\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // Rows by name; the database's collation decides where '=' sorts.
    expect(text.slice(1).trim().split('\r\n').slice(1).sort()).toEqual(
      [`"'=HYPERLINK(""x"")";5511987650011;`, 'Ângela;5511987650012;', '"Zoë; ""Quoted""";5511987650010;zoe@example.com'].sort(),
    );
    expect((await t.request({ method: 'GET', url: '/api/contacts/export' })).statusCode).toBe(401);
  });

  it('streams a large address book in pages, every contact once', async () => {
    const other = await newCompany();
    const rows = Array.from({ length: 2_345 }, (_, i) => ({ companyId: other.company.companyId, name: `Bulk ${i}`, number: `5599${String(900_000_000 + i)}` }));
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('contacts').values(rows.slice(i, i + 500)).execute();
    const lines = (await other.admin.get('/api/contacts/export')).payload.trim().split('\r\n');
    expect(lines).toHaveLength(2_346);
    expect(new Set(lines.slice(1)).size).toBe(2_345);
  });
});

describe('importing contacts from the phone', () => {
  it('needs a default connection whose session runs here', async () => {
    const other = await newCompany();
    const none = await other.admin.post('/api/contacts/import');
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('ERR_NO_DEF_WAPP_FOUND');
    expect((await other.admin.post('/api/whatsapp', { name: 'Principal', isDefault: true })).statusCode).toBe(200);
    const stopped = await other.admin.post('/api/contacts/import');
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  it('imports nothing when the provider cannot list contacts, and every new number when it can', async () => {
    const other = await newCompany();
    const connection = (await other.admin.post('/api/whatsapp', { name: 'Principal', isDefault: true })).json();
    await other.admin.post('/api/contacts', { name: 'Known', number: '5511987650020' });
    const plain = { kind: 'simulator', connectionId: connection.id } as unknown as ProviderSession;
    const session = vi.spyOn(t.ctx.sessions, 'session').mockReturnValue(plain);
    expect((await other.admin.post('/api/contacts/import')).json()).toEqual({ imported: 0 });
    expect(session).toHaveBeenCalledWith(connection.id);

    const listContacts = vi.fn(async () => [
      { number: '+55 11 8765-0020', name: 'Known again' },
      { number: '5511987650021', name: 'New One' },
      { number: '551187650021', name: 'Same person, old format' },
      { number: '12', name: 'Too short' },
      { number: '5511987650022' },
    ]);
    session.mockReturnValue(Object.assign(plain, { listContacts }));
    const emitted = vi.spyOn(t.ctx.live, 'toCompany');
    expect((await other.admin.post('/api/contacts/import')).json()).toEqual({ imported: 2 });
    expect(emitted).toHaveBeenCalledWith(other.company.companyId, 'contact', { action: 'reload' });
    const all = (await other.admin.get('/api/contacts')).json().contacts.map((c: { name: string; number: string }) => [c.name, c.number]);
    expect(all).toEqual([['5511987650022', '5511987650022'], ['Known', '5511987650020'], ['New One', '5511987650021']]);
    expect((await other.admin.post('/api/contacts/import')).json()).toEqual({ imported: 0 });
  });
});
