import { sql, type Kysely } from 'kysely';

/**
 * A connection can hand its waiting customers to a queue integration, as it can to an AI prompt
 * (whatsapps.prompt_id): used while the ticket has no queue yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table whatsapps add column integration_id integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table whatsapps drop column integration_id`.execute(db);
}
