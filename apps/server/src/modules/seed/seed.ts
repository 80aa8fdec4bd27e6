import { sql } from 'kysely';
import { PLAN_FEATURES, companyCreateInput, connectionInput } from '@atende/contract';
import type { Config } from '../../config.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createCompanyWithAdmin } from '../companies/companies.service.js';
import { insertUser } from '../users/users.service.js';
import { createConnection } from '../connections/connections.service.js';
import type { Actor } from '../../platform/actor.js';
import { addDays, isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import type { FastifyBaseLogger } from 'fastify';
import { seedDemoHistory, type DemoCast } from './demo-history.js';

export const PLATFORM_COMPANY = 'Atende';
export const DEMO_COMPANY = 'Empresa Demo';
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.atende.local', password: 'atende-demo', name: 'Ana Admin' },
  agent: { email: 'agente@demo.atende.local', password: 'atende-demo', name: 'Bruno Agente' },
  /** A second agent, of both queues: one login ends the other's session, so two people need two accounts. */
  agent2: { email: 'agente2@demo.atende.local', password: 'atende-demo', name: 'Carla Agente' },
} as const;

async function ensurePlan(db: Database, name: string, limits: { users: number; connections: number; queues: number; value: number }) {
  const existing = await db.selectFrom('plans').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db.insertInto('plans').values({ name, ...limits }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The platform's super user and its company, created on first start from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensurePlatformAdmin(db: Database, config: Config, log: FastifyBaseLogger) {
  const existing = await db.selectFrom('users').select('id').where('super', '=', true).executeTakeFirst();
  if (!existing) {
    const planId = await ensurePlan(db, 'Plataforma', { users: 0, connections: 0, queues: 0, value: 0 });
    await createCompanyWithAdmin(db, {
      ...companyCreateInput.parse({ name: PLATFORM_COMPANY, email: config.adminEmail, planId, password: config.adminPassword }),
      adminName: 'Administrador',
      superAdmin: true,
    });
    log.info({ email: config.adminEmail }, 'platform super user created');
  }
  if (config.adminPassword === DEFAULT_ADMIN_PASSWORD) {
    log.warn(
      '*** The super user still uses the default password. Set ADMIN_PASSWORD before the first start, or change it in the profile dialog. ***',
    );
  }
}

/** What the process seeds when it starts: the platform's super user, and the demo company only with DEMO. */
export async function seedOnStart(ctx: AppContext) {
  await ensurePlatformAdmin(ctx.db, ctx.config, ctx.log);
  if (ctx.config.demo) await ensureDemoCompany(ctx);
}

/**
 * A demo company on a plan with every feature: an admin, two agents, two queues, tags, (when the
 * simulator is on) a simulated WhatsApp connection a newcomer can pair from the /simulator page,
 * and a month of history so every page shows what it is for. Each part is added once.
 */
export async function ensureDemoCompany(ctx: AppContext) {
  const existing = await ctx.db.selectFrom('companies').select('id').where(sql`lower(name)`, '=', DEMO_COMPANY.toLowerCase()).executeTakeFirst();
  const companyId = existing?.id ?? (await createDemoCompany(ctx));
  await ensureSecondAgent(ctx.db, companyId);
  const cast = await demoCast(ctx.db, companyId);
  if (cast) await seedDemoHistory(ctx.db, cast, ctx.clock.now());
  return companyId;
}

async function createDemoCompany(ctx: AppContext): Promise<number> {
  const { db, clock, log } = ctx;
  const planId = await ensurePlan(db, 'Demo', { users: 10, connections: 5, queues: 10, value: 0 });
  const { company } = await createCompanyWithAdmin(db, {
    ...companyCreateInput.parse({
      name: DEMO_COMPANY,
      email: DEMO_ACCOUNTS.admin.email,
      planId,
      password: DEMO_ACCOUNTS.admin.password,
      dueDate: isoDay(addDays(clock.now(), 365)),
    }),
    adminName: DEMO_ACCOUNTS.admin.name,
  });
  const queueIds = await db.transaction().execute(async (trx) => {
    const queues = await trx
      .insertInto('queues')
      .values([
        { companyId: company.id, name: 'Vendas', color: '#2563eb' },
        { companyId: company.id, name: 'Suporte', color: '#16a34a' },
      ])
      .returning('id')
      .execute();
    const agent = await insertUser(trx, company.id, { ...DEMO_ACCOUNTS.agent, profile: 'user' });
    await trx.insertInto('userQueues').values({ userId: agent.id, queueId: queues[1].id }).execute();
    const admin = await trx.selectFrom('users').select('id').where('companyId', '=', company.id).where('profile', '=', 'admin').executeTakeFirstOrThrow();
    await trx.insertInto('userQueues').values(queues.map((q) => ({ userId: admin.id, queueId: q.id }))).execute();
    await trx
      .insertInto('tags')
      .values([
        { companyId: company.id, name: 'Novo cliente', color: '#0ea5e9', kanban: 1 },
        { companyId: company.id, name: 'Retornar', color: '#f59e0b', kanban: 1 },
        { companyId: company.id, name: 'VIP', color: '#a855f7', kanban: 0 },
      ])
      .execute();
    return queues.map((q) => q.id);
  });
  if (ctx.config.simulator) {
    const admin = await db.selectFrom('users').select('id').where('companyId', '=', company.id).where('profile', '=', 'admin').executeTakeFirstOrThrow();
    const actor: Actor = {
      userId: admin.id,
      companyId: company.id,
      profile: 'admin',
      super: false,
      sessionId: 'seed',
      allTicket: 'enabled',
      queueIds: [],
      plan: Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])) as Actor['plan'],
    };
    await createConnection(ctx, actor, {
      ...connectionInput.parse({ name: 'WhatsApp Demo', provider: 'simulator', isDefault: true, queueIds }),
      greetingMessage: 'Olá! Obrigado pelo contato. Escolha um setor:',
    });
  }
  log.info({ admin: DEMO_ACCOUNTS.admin.email, agents: [DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.agent2.email] }, 'demo company created');
  return company.id;
}

/** Demo servers started before the second agent existed get it too. */
async function ensureSecondAgent(db: Database, companyId: number) {
  const exists = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', DEMO_ACCOUNTS.agent2.email).executeTakeFirst();
  if (exists) return;
  const queues = await db.selectFrom('queues').select('id').where('companyId', '=', companyId).where('name', 'in', ['Vendas', 'Suporte']).execute();
  await db.transaction().execute(async (trx) => {
    const agent = await insertUser(trx, companyId, { ...DEMO_ACCOUNTS.agent2, profile: 'user' });
    if (queues.length > 0) await trx.insertInto('userQueues').values(queues.map((q) => ({ userId: agent.id, queueId: q.id }))).execute();
  });
}

/** The demo company's people, queues, tags and line, as the history refers to them. */
async function demoCast(db: Database, companyId: number): Promise<DemoCast | null> {
  const users = await db.selectFrom('users').select(['id', 'email', 'profile']).where('companyId', '=', companyId).execute();
  const queues = await db.selectFrom('queues').select(['id', 'name']).where('companyId', '=', companyId).execute();
  const tags = await db.selectFrom('tags').select(['id', 'name']).where('companyId', '=', companyId).execute();
  const line = await db.selectFrom('whatsapps').select('id').where('companyId', '=', companyId).orderBy('id').executeTakeFirst();
  const admin = users.find((u) => u.email === DEMO_ACCOUNTS.admin.email) ?? users.find((u) => u.profile === 'admin')!;
  const userOf = (email: string) => users.find((u) => u.email === email)?.id ?? admin.id;
  const queueOf = (name: string) => queues.find((q) => q.name === name)?.id ?? queues[0]?.id;
  // A demo whose queues were all deleted has nowhere to put conversations: it gets no history.
  if (queues.length === 0) return null;
  const tagOf = (name: string) => tags.find((t) => t.name === name)?.id;
  return {
    companyId,
    whatsappId: line?.id ?? null,
    sales: queueOf('Vendas')!,
    support: queueOf('Suporte')!,
    admin: admin.id,
    agent: userOf(DEMO_ACCOUNTS.agent.email),
    agent2: userOf(DEMO_ACCOUNTS.agent2.email),
    tags: { novo: tagOf('Novo cliente'), retornar: tagOf('Retornar'), vip: tagOf('VIP') },
  };
}
