/** Campaigns' SQL for the routes: always scoped by companyId. The dispatcher's is in campaign-dispatch.queries.ts. */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { CampaignCounts } from '@atende/contract';
import { countAll, type Database } from '../../db/database.js';
import type { CampaignRow, CampaignsTable } from '../../db/schema-campaigns.js';

export type CampaignView = CampaignRow & {
  whatsappName: string | null;
  contactListName: string | null;
  tagListName: string | null;
  fileListName: string | null;
};

function views(db: Database, companyId: number) {
  return db
    .selectFrom('campaigns')
    .leftJoin('whatsapps', (j) => j.onRef('whatsapps.id', '=', 'campaigns.whatsappId').on('whatsapps.companyId', '=', companyId))
    .leftJoin('contactLists', (j) => j.onRef('contactLists.id', '=', 'campaigns.contactListId').on('contactLists.companyId', '=', companyId))
    .leftJoin('tags', (j) => j.onRef('tags.id', '=', 'campaigns.tagListId').on('tags.companyId', '=', companyId))
    .leftJoin('fileLists', (j) => j.onRef('fileLists.id', '=', 'campaigns.fileListId').on('fileLists.companyId', '=', companyId))
    .selectAll('campaigns')
    .select([
      'whatsapps.name as whatsappName',
      'contactLists.name as contactListName',
      'tags.name as tagListName',
      'fileLists.name as fileListName',
    ])
    .where('campaigns.companyId', '=', companyId);
}

export async function pageOfCampaigns(db: Database, companyId: number, page: { search: string; limit: number; offset: number }) {
  let query = views(db, companyId);
  if (page.search) query = query.where(sql<boolean>`strpos(lower(campaigns.name), ${page.search.toLowerCase()}) > 0`);
  const [rows, total] = await Promise.all([
    query.orderBy('campaigns.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('campaigns')
      .select(countAll)
      .where('companyId', '=', companyId)
      .$if(!!page.search, (q) => q.where(sql<boolean>`strpos(lower(name), ${page.search.toLowerCase()}) > 0`))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CampaignView[], count: Number(total.count) };
}

export async function findCampaign(db: Database, companyId: number, id: number): Promise<CampaignView | undefined> {
  return (await views(db, companyId).where('campaigns.id', '=', id).executeTakeFirst()) as CampaignView | undefined;
}

export function lockCampaign(db: Database, companyId: number, id: number) {
  return db.selectFrom('campaigns').selectAll().where('companyId', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertCampaign(db: Database, values: Insertable<CampaignsTable>) {
  return db.insertInto('campaigns').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateCampaignRow(db: Database, companyId: number, id: number, values: Updateable<CampaignsTable>): Promise<void> {
  await db.updateTable('campaigns').set(values).where('companyId', '=', companyId).where('id', '=', id).execute();
}

export async function deleteCampaignRow(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('campaigns').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The audience's size: list contacts not known to be invalid, or the tag's contacts. */
export async function validContactsOf(db: Database, campaign: Pick<CampaignRow, 'companyId' | 'contactListId' | 'tagListId'>): Promise<number> {
  if (campaign.contactListId !== null) {
    const row = await db
      .selectFrom('contactListItems')
      .select(countAll)
      .where('companyId', '=', campaign.companyId)
      .where('contactListId', '=', campaign.contactListId)
      .where((eb) => eb.or([eb('isWhatsappValid', 'is', null), eb('isWhatsappValid', '=', true)]))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  if (campaign.tagListId !== null) {
    // The same people the dispatcher adds for a tag (campaign-dispatch.queries addShippings).
    const row = await sql<{ count: string }>`
      select count(*) as count from contacts c
      where c.company_id = ${campaign.companyId} and not c.is_group and c.number <> ''
        and exists (select 1 from ticket_tags tt join tickets t on t.id = tt.ticket_id
                    where t.contact_id = c.id and t.company_id = ${campaign.companyId} and tt.tag_id = ${campaign.tagListId})`.execute(db);
    return Number(row.rows[0]?.count ?? 0);
  }
  return 0;
}

export async function shippingCounts(db: Database, companyId: number, campaignId: number): Promise<Omit<CampaignCounts, 'validContacts'>> {
  const row = await db
    .selectFrom('campaignShippings')
    .select([
      countAll,
      sql<string>`count(delivered_at)`.as('delivered'),
      sql<string>`count(confirmation_requested_at)`.as('asked'),
      sql<string>`count(confirmed_at)`.as('confirmed'),
    ])
    .where('companyId', '=', companyId)
    .where('campaignId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { shippings: Number(row.count), delivered: Number(row.delivered), confirmationRequested: Number(row.asked), confirmed: Number(row.confirmed) };
}

export function shippingsOf(db: Database, companyId: number, campaignId: number, limit: number) {
  return db
    .selectFrom('campaignShippings')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('campaignId', '=', campaignId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function settingsOf(db: Database, companyId: number) {
  return db.selectFrom('campaignSettings').select(['key', 'value']).where('companyId', '=', companyId).execute();
}

export async function saveSettings(db: Database, companyId: number, entries: Array<{ key: string; value: string }>): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('campaignSettings')
    .values(entries.map((e) => ({ companyId, ...e })))
    .onConflict((oc) => oc.columns(['companyId', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/** A record the campaign refers to is the company's. */
export async function exists(db: Database, table: 'whatsapps' | 'contactLists' | 'tags' | 'fileLists', companyId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
  return !!row;
}
