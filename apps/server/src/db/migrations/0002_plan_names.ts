import { sql, type Kysely } from 'kysely';

/**
 * Plan names are unique regardless of case, like company names: 'Básico' and 'básico' side by
 * side on the public signup list would only confuse. The case-sensitive constraint of 0001 stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index plans_name_lower_unique on plans (lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index plans_name_lower_unique`.execute(db);
}
