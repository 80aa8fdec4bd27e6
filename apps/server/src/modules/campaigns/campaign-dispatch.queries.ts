/**
 * The dispatcher's SQL: starting due campaigns (their shipping rows), taking a connection's turn,
 * claiming the next shipping row, and finishing campaigns with nothing left to send.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CampaignRow, CampaignShippingRow } from '../../db/schema-campaigns.js';

/** Scheduled campaigns whose time came, locked (another dispatcher skips them). */
export function lockDueCampaigns(trx: Database, now: Date, limit: number): Promise<CampaignRow[]> {
  return trx
    .selectFrom('campaigns')
    .selectAll()
    .where('status', '=', 'PROGRAMADA')
    .where('scheduledAt', '<=', now)
    .orderBy('scheduledAt')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** One shipping row per contact of the audience; a number already there is kept as it is. */
export async function addShippings(trx: Database, campaign: CampaignRow, now: Date): Promise<void> {
  const { companyId, id: campaignId } = campaign;
  if (campaign.contactListId !== null) {
    await trx
      .insertInto('campaignShippings')
      .columns(['companyId', 'campaignId', 'number', 'name', 'email', 'createdAt', 'updatedAt'])
      .expression(
        trx
          .selectFrom('contactListItems')
          .select([sql<number>`${companyId}::int`.as('c'), sql<number>`${campaignId}::int`.as('k'), 'number', 'name', 'email', sql<Date>`${now}::timestamptz`.as('a'), sql<Date>`${now}::timestamptz`.as('b')])
          .where('companyId', '=', companyId)
          .where('contactListId', '=', campaign.contactListId)
          .where((eb) => eb.or([eb('isWhatsappValid', 'is', null), eb('isWhatsappValid', '=', true)])),
      )
      .onConflict((oc) => oc.columns(['campaignId', 'number']).doNothing())
      .execute();
  } else if (campaign.tagListId !== null) {
    await sql`
      insert into campaign_shippings (company_id, campaign_id, number, name, email, contact_id, created_at, updated_at)
      select ${companyId}, ${campaignId}, c.number, c.name, c.email, c.id, ${now}, ${now}
      from contacts c
      where c.company_id = ${companyId} and not c.is_group and c.number <> ''
        and exists (select 1 from ticket_tags tt join tickets t on t.id = tt.ticket_id
                    where t.contact_id = c.id and t.company_id = ${companyId} and tt.tag_id = ${campaign.tagListId})
      on conflict (campaign_id, number) do nothing`.execute(trx);
  }
}

export async function setStatus(trx: Database, id: number, values: { status: CampaignRow['status']; completedAt?: Date; updatedAt: Date }) {
  await trx.updateTable('campaigns').set(values).where('id', '=', id).execute();
}

/**
 * A shipping row the dispatcher may take: of a running campaign, not delivered, and either
 * without confirmation, not asked yet, or confirmed. A confirmation that arrives after the
 * campaign finished is still served (the contact asked for it).
 */
const READY = sql<boolean>`s.delivered_at is null and (
  (c.status = 'EM_ANDAMENTO' and (not c.confirmation or s.confirmation_requested_at is null or s.confirmed_at is not null))
  or (c.status = 'FINALIZADA' and s.confirmed_at is not null))`;

/**
 * Connected connections with a shipping row ready. A disconnected one waits: its sends would
 * only pile up in the outbox and expire there, so its contacts keep their turn for later.
 */
export async function connectionsWithWork(db: Database): Promise<number[]> {
  const rows = await sql<{ whatsappId: number }>`
    select distinct c.whatsapp_id as "whatsappId" from campaigns c join whatsapps w on w.id = c.whatsapp_id
    where c.status in ('EM_ANDAMENTO', 'FINALIZADA') and w.status = 'CONNECTED'
      and exists (select 1 from campaign_shippings s where s.campaign_id = c.id and ${READY})`.execute(db);
  return rows.rows.map((r) => r.whatsappId);
}

/** The connection's turn, locked, when its pacing allows a send now. */
export async function takeTurn(trx: Database, whatsappId: number, now: Date) {
  await trx.insertInto('campaignPacing').values({ whatsappId, nextSendAt: new Date(0) }).onConflict((oc) => oc.column('whatsappId').doNothing()).execute();
  return trx
    .selectFrom('campaignPacing')
    .selectAll()
    .where('whatsappId', '=', whatsappId)
    .where('nextSendAt', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function passTurn(trx: Database, whatsappId: number, nextSendAt: Date, sends: number) {
  await trx.updateTable('campaignPacing').set({ nextSendAt, sends }).where('whatsappId', '=', whatsappId).execute();
}

/** The next ready shipping row of the connection, claimed for this node inside the caller's transaction. */
export async function claimNext(trx: Database, whatsappId: number, nodeId: string, now: Date) {
  const found = await sql<{ id: number }>`
    select s.id from campaign_shippings s join campaigns c on c.id = s.campaign_id
    where c.whatsapp_id = ${whatsappId} and c.status in ('EM_ANDAMENTO', 'FINALIZADA') and ${READY}
    order by (s.confirmed_at is null), c.id, s.id
    limit 1
    for update of s skip locked`.execute(trx);
  const id = found.rows[0]?.id;
  if (id === undefined) return undefined;
  const shipping = await trx
    .updateTable('campaignShippings')
    .set({ claimedBy: nodeId, claimedAt: now, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const campaign = await trx.selectFrom('campaigns').selectAll().where('id', '=', shipping.campaignId).executeTakeFirstOrThrow();
  return { shipping, campaign };
}

export async function markShipping(trx: Database, id: number, values: Partial<Pick<CampaignShippingRow, 'message' | 'confirmationMessage' | 'deliveredAt' | 'confirmationRequestedAt' | 'contactId' | 'ticketId'>> & { updatedAt: Date }) {
  await trx.updateTable('campaignShippings').set(values).where('id', '=', id).execute();
}

/** Running campaigns with nothing left to send (confirmations may still come): FINALIZADA. */
export async function finishDone(db: Database, now: Date): Promise<Array<{ id: number; companyId: number }>> {
  const rows = await sql<{ id: number; companyId: number }>`
    update campaigns c set status = 'FINALIZADA', completed_at = ${now}, updated_at = ${now}
    where c.status = 'EM_ANDAMENTO'
      and not exists (select 1 from campaign_shippings s where s.campaign_id = c.id and s.delivered_at is null
                        and (not c.confirmation or s.confirmation_requested_at is null or s.confirmed_at is not null))
    returning c.id, c.company_id as "companyId"`.execute(db);
  return rows.rows;
}

/** The contact of a number (created when missing, as an inbound message would). */
export async function contactFor(trx: Database, companyId: number, shipping: CampaignShippingRow) {
  if (shipping.contactId !== null) {
    const known = await trx.selectFrom('contacts').selectAll().where('companyId', '=', companyId).where('id', '=', shipping.contactId).executeTakeFirst();
    if (known) return known;
  }
  await trx
    .insertInto('contacts')
    .values({ companyId, name: shipping.name || shipping.number, number: shipping.number, email: shipping.email })
    .onConflict((oc) => oc.columns(['companyId', 'number']).where('number', '<>', '').doNothing())
    .execute();
  return trx.selectFrom('contacts').selectAll().where('companyId', '=', companyId).where('number', '=', shipping.number).executeTakeFirstOrThrow();
}

/** Shipping rows waiting for this contact's answer on this connection: confirmed now. */
export async function confirm(db: Database, companyId: number, contactId: number, whatsappId: number, now: Date): Promise<number[]> {
  const rows = await sql<{ campaignId: number }>`
    update campaign_shippings s set confirmation = true, confirmed_at = ${now}, updated_at = ${now}
    from campaigns c
    where c.id = s.campaign_id and s.company_id = ${companyId} and s.contact_id = ${contactId} and c.whatsapp_id = ${whatsappId}
      and c.status in ('EM_ANDAMENTO', 'FINALIZADA') and s.confirmation_requested_at is not null and s.confirmed_at is null
    returning s.campaign_id as "campaignId"`.execute(db);
  return rows.rows.map((r) => r.campaignId);
}
