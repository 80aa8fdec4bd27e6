/**
 * A large tenant and its neighbours, written with set-based SQL (generate_series), so a million
 * messages take a minute or two rather than an hour of per-row inserts. Plain SQL through the
 * server's own Kysely handle: the same statements run on PostgreSQL and PGlite.
 */
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../apps/server/src/db/database.js';

export interface SeedPlan {
  /** Companies in all, the measured one included. */
  companies: number;
  /** The measured company. */
  tickets: number;
  messages: number;
  /** Tickets among `tickets` that hold a long conversation (1,000 messages each). */
  longTickets: number;
  /** Each of the other companies. */
  neighbourTickets: number;
  neighbourMessages: number;
}

export const FULL_PLAN: SeedPlan = {
  companies: 50,
  tickets: 100_000,
  messages: 1_000_000,
  longTickets: 100,
  neighbourTickets: 1_000,
  neighbourMessages: 5_000,
};

export const LONG_CONVERSATION = 1_000;
export const AGENTS_PER_COMPANY = 10;

export interface SeededCompany {
  companyId: number;
  agentIds: number[];
  queueIds: number[];
  tagIds: number[];
  whatsappIds: number[];
  /** A ticket with a long conversation and an ordinary one. */
  longTicketId: number;
  shortTicketId: number;
}

const WORDS = [
  'olá', 'bom', 'dia', 'boa', 'tarde', 'noite', 'preciso', 'ajuda', 'pedido', 'entrega', 'pagamento', 'boleto', 'pix',
  'cartão', 'cancelar', 'trocar', 'produto', 'tamanho', 'cor', 'endereço', 'prazo', 'frete', 'nota', 'fiscal', 'obrigado',
  'atendimento', 'suporte', 'senha', 'acesso', 'conta', 'cadastro', 'valor', 'desconto', 'cupom', 'promoção', 'estoque',
  'devolução', 'garantia', 'defeito', 'orçamento',
];
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nuno', 'Olívia', 'Paulo', 'Rafaela', 'Sérgio', 'Tatiana', 'Vítor'];
const LAST_NAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Nascimento', 'Ferreira', 'Araújo', 'Carvalho', 'Gomes', 'Martins', 'Rocha', 'Ribeiro', 'Barbosa', 'Teixeira', 'Moura'];

/** A word of the vocabulary: in about one message in seven, so most tickets match (the worst case of a search). */
export const SEARCH_WORD = 'garantia';
/** Every fifth message of a ticket names its order, `pedido <ORDER_BASE + ticket id>`: a search that finds one ticket. */
export const ORDER_BASE = 700_000;
export const SEARCH_NAME = 'Mariana Rocha';

const arr = (values: string[]) => sql`${sql.val(values)}::text[]`;
const ints = (values: number[]) => sql`${sql.val(values)}::int[]`;

/** A random body of six words; `row` ties the subquery to the outer row, so each row draws its own words. */
const bodyOf = (row: ReturnType<typeof sql>) =>
  sql`array_to_string(array(select (${arr(WORDS)})[1 + floor(random() * ${WORDS.length})::int] from generate_series(1, 6 + 0 * (${row}))), ' ')`;

async function ids(db: Database, query: ReturnType<typeof sql<{ id: number }>>): Promise<number[]> {
  return (await query.execute(db)).rows.map((r) => Number(r.id));
}

/** Queues, agents, connections and tags of a company, then its contacts, tickets, cycles, tags on tickets and messages. */
async function seedCompany(db: Database, companyId: number, passwordHash: string, tickets: number, messages: number, longTickets: number): Promise<void> {
  const queueIds = await ids(db, sql<{ id: number }>`insert into queues (company_id, name, color)
    select ${companyId}, 'Fila ' || q, '#' || lpad(to_hex(q * 40000), 6, '0') from generate_series(1, 3) q returning id`);
  const agentIds = await ids(db, sql<{ id: number }>`insert into users (company_id, name, email, password_hash, profile)
    select ${companyId}, 'Agente ' || a, 'agente' || a || '@c' || ${companyId} || '.bench', ${passwordHash}, 'user'
    from generate_series(1, ${AGENTS_PER_COMPANY}) a returning id`);
  await sql`insert into user_queues (user_id, queue_id)
    select u, (${ints(queueIds)})[1 + (u % 3)] from unnest(${ints(agentIds)}) u`.execute(db);
  const whatsappIds = await ids(db, sql<{ id: number }>`insert into whatsapps (company_id, name, provider, status, auto_start, token, is_default)
    select ${companyId}, 'Conexão ' || w, 'simulator', 'DISCONNECTED', false, md5(random()::text || ${companyId} || w), w = 1
    from generate_series(1, 2) w returning id`);
  const tagIds = await ids(db, sql<{ id: number }>`insert into tags (company_id, name, color)
    select ${companyId}, 'Etiqueta ' || t, '#5c6bc0' from generate_series(1, 10) t returning id`);

  // Contacts created over the last 180 days; each has one ticket on one of the two connections.
  await sql`insert into contacts (company_id, name, number, email, created_at, updated_at)
    select ${companyId}, (${arr(FIRST_NAMES)})[1 + g % 20] || ' ' || (${arr(LAST_NAMES)})[1 + (g / 20) % 20] || ' ' || g,
      (5511900000000 + g)::text, '', c, c
    from (select g, now() - random() * interval '180 days' as c from generate_series(1, ${tickets}) g) s`.execute(db);
  // 70% closed, 15% open (with an agent), 15% pending (waiting in a queue, unread).
  await sql`insert into tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, last_message, last_message_at,
      unread_messages, created_at, updated_at)
    select ${companyId}, ct.id, (${ints(whatsappIds)})[1 + ct.id % 2], s.status,
      case when s.status = 'pending' then null else (${ints(agentIds)})[1 + ct.id % ${AGENTS_PER_COMPANY}] end,
      (${ints(queueIds)})[1 + ct.id % 3], 'olá, preciso de ajuda', s.last, 
      case s.status when 'pending' then 1 + ct.id % 5 when 'open' then (ct.id % 4 = 0)::int * 2 else 0 end,
      ct.created_at, s.last
    from contacts ct,
      lateral (select case when r < 0.70 then 'closed' when r < 0.85 then 'open' else 'pending' end as status,
                      ct.created_at + (now() - ct.created_at) * random() as last
               from (select random() + ct.id * 0 as r) x) s
    where ct.company_id = ${companyId}`.execute(db);
  await sql`insert into ticket_cycles (company_id, ticket_id, contact_id, queue_id, user_id, started_at, accepted_at, finished_at, rating)
    select t.company_id, t.id, t.contact_id, t.queue_id, t.user_id, t.created_at,
      case when t.status <> 'pending' then t.created_at + random() * interval '10 minutes' end,
      case when t.status = 'closed' then t.created_at + interval '10 minutes' + random() * interval '2 hours' end,
      case when t.status = 'closed' and random() < 0.5 then 1 + floor(random() * 3)::int end
    from tickets t where t.company_id = ${companyId}`.execute(db);
  await sql`update tickets t set current_cycle_id = c.id from ticket_cycles c where c.ticket_id = t.id and t.company_id = ${companyId}`.execute(db);
  // A third of the tickets carry a tag, a ninth carry two.
  await sql`insert into ticket_tags (ticket_id, tag_id)
    select t.id, (${ints(tagIds)})[1 + t.id % 10] from tickets t where t.company_id = ${companyId} and t.id % 3 = 0
    union
    select t.id, (${ints(tagIds)})[1 + (t.id / 10) % 10] from tickets t where t.company_id = ${companyId} and t.id % 9 = 0
    on conflict do nothing`.execute(db);

  // The first `longTickets` tickets hold long conversations; the rest share the remaining messages.
  const ticketRows = (await sql<{ id: number }>`select id from tickets where company_id = ${companyId} order by id`.execute(db)).rows;
  const cut = ticketRows[longTickets]?.id ?? Number.MAX_SAFE_INTEGER;
  const shortEach = Math.max(1, Math.round((messages - longTickets * LONG_CONVERSATION) / Math.max(1, tickets - longTickets)));
  // In slices of tickets, so a slow engine still shows progress and no statement holds everything at once.
  const slice = 10_000;
  for (let from = 0; from < ticketRows.length; from += slice) {
    const first = ticketRows[from].id;
    const last = ticketRows[Math.min(ticketRows.length, from + slice) - 1].id;
    await sql`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, cycle_id, provider_message_id, from_me, body,
        media_type, ack, read, delivery, sent_at, created_at, updated_at)
      select t.company_id, t.id, t.contact_id, t.whatsapp_id, t.current_cycle_id, 'SEED' || t.id || '-' || g, g % 2 = 0,
        ${bodyOf(sql`t.id + g`)} || case when g % 5 = 0 then ' pedido ' || (${ORDER_BASE}::int + t.id) else '' end,
        'chat', case when g % 2 = 0 then 3 else 0 end, true, case when g % 2 = 0 then 'sent' else 'received' end,
        (extract(epoch from t.created_at) * 1000)::bigint + g * 60000, t.created_at, t.created_at
      from tickets t, generate_series(1, case when t.id < ${cut}::int then ${LONG_CONVERSATION}::int else ${shortEach}::int end) g
      where t.company_id = ${companyId} and t.id between ${first} and ${last}`.execute(db);
  }
  // Closing a ticket folds its recent search words into its document (migration 0015); these were
  // written closed, so they are folded here as the product would have.
  await sql`select ticket_search_fold_all(t.id) from tickets t where t.company_id = ${companyId} and t.status = 'closed'`.execute(db);
}

/** The ids a bench addresses in a seeded company (also for a database seeded by an earlier run). */
export async function describeSeeded(db: Database, companyId: number): Promise<SeededCompany> {
  const of = (table: string, extra = sql``) =>
    ids(db, sql<{ id: number }>`select id from ${sql.table(table)} where company_id = ${companyId} ${extra} order by id`);
  const ticketIds = await of('tickets');
  return {
    companyId,
    agentIds: await of('users', sql`and profile = 'user'`),
    queueIds: await of('queues'),
    tagIds: await of('tags'),
    whatsappIds: await of('whatsapps'),
    longTicketId: ticketIds[0],
    shortTicketId: ticketIds[Math.floor(ticketIds.length / 2)],
  };
}

/**
 * Seeds `plan` around an existing company (the measured one, with its admin): its data first,
 * then the neighbour companies on the same plan. Answers what the bench needs to address.
 */
export async function seed(db: Database, measuredCompanyId: number, plan: SeedPlan, log: (line: string) => void): Promise<SeededCompany> {
  const started = performance.now();
  const admin = await db.selectFrom('users').select('passwordHash').where('companyId', '=', measuredCompanyId).executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('planId').where('id', '=', measuredCompanyId).executeTakeFirstOrThrow();
  await seedCompany(db, measuredCompanyId, admin.passwordHash, plan.tickets, plan.messages, plan.longTickets);
  log(`  measured company: ${plan.tickets} tickets, ${plan.messages} messages in ${Math.round((performance.now() - started) / 1000)} s`);
  const neighbours = await ids(db, sql<{ id: number }>`insert into companies (name, email, plan_id, due_date)
    select 'Vizinha ' || g, 'vizinha' || g || '@bench.local', ${company.planId}, current_date + 30
    from generate_series(2, ${plan.companies}) g returning id`);
  for (const companyId of neighbours) {
    await seedCompany(db, companyId, admin.passwordHash, plan.neighbourTickets, plan.neighbourMessages, 0);
  }
  log(`  ${neighbours.length} neighbour companies in ${Math.round((performance.now() - started) / 1000)} s`);
  // As autovacuum leaves a table in steady use: statistics, and the visibility map that lets counts read only the index.
  await sql`vacuum analyze`.execute(db);
  log(`  seeded, vacuumed and analyzed in ${Math.round((performance.now() - started) / 1000)} s`);
  return describeSeeded(db, measuredCompanyId);
}
