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

export const PLATFORM_COMPANY = 'Atende';
export const DEMO_COMPANY = 'Empresa Demo';
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.atende.local', password: 'atende-demo', name: 'Ana Admin' },
  agent: { email: 'agente@demo.atende.local', password: 'atende-demo', name: 'Bruno Agente' },
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

/**
 * A demo company on a plan with every feature: an admin, an agent, two queues, tags and (when the
 * simulator is on) a simulated WhatsApp connection a newcomer can pair from the /simulator page.
 */
export async function ensureDemoCompany(ctx: AppContext) {
  const { db, clock, log } = ctx;
  const existing = await db.selectFrom('companies').select('id').where(sql`lower(name)`, '=', DEMO_COMPANY.toLowerCase()).executeTakeFirst();
  if (existing) return existing.id;
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
  log.info({ admin: DEMO_ACCOUNTS.admin.email, agent: DEMO_ACCOUNTS.agent.email }, 'demo company created');
  return company.id;
}
