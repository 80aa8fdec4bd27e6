import { sql, type Kysely } from 'kysely';

/**
 * Invoices (one per company and due date: the unique key is what makes the invoice job safe to
 * run twice, after a restart or in two workers) and the Pix charges created to pay them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('value', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoices_company_due_date_key', ['company_id', 'due_date'])
    .execute();
  await db.schema
    .createTable('pix_charges')
    .addColumn('txid', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('value', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('copy_paste', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ATIVA'))
    .addColumn('end_to_end_id', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pix_charges_invoice_idx').on('pix_charges').columns(['company_id', 'invoice_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pix_charges').execute();
  await db.schema.dropTable('invoices').execute();
}
