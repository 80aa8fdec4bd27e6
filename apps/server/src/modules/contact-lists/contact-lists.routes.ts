import type { FastifyInstance } from 'fastify';
import {
  CONTACT_LIST_UPLOAD_FIELD,
  V,
  contactListInput,
  idParam,
  listContactInput,
  listContactsQuery,
  listQuery,
  sentFields,
} from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';
import { createListContact, deleteListContact, listListContactsPage, showListContact, updateListContact } from './contact-list-items.service.js';
import { importContactList } from './contact-lists.import.js';
import { campaignsGate } from './contact-lists.policy.js';
import {
  createContactList,
  deleteContactList,
  listAllContactLists,
  listContactListsPage,
  showContactList,
  updateContactList,
} from './contact-lists.service.js';
import { exampleSpreadsheet, spreadsheetKind } from './contact-lists.spreadsheet.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Contact lists and their contacts (the campaigns' audiences). Every route needs campaigns on
 * (plan and company setting, contact-lists.policy); deleting a list's contact needs
 * contacts-page:deleteContact. The worker's checker (contact-lists.jobs) asks WhatsApp about
 * every number added.
 */
export async function contactListsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const allowed = campaignsGate(ctx, guard);
  const allowedToDelete = [...allowed, ...guard.permission('contacts-page:deleteContact')];

  app.get('/contact-lists', { preHandler: allowed }, async (request) => listContactListsPage(ctx, actorOf(request), parse(listQuery, request.query)));

  app.get('/contact-lists/list', { preHandler: allowed }, async (request) => listAllContactLists(ctx, actorOf(request)));

  app.get('/contact-lists/example', { preHandler: allowed }, async (_request, reply) =>
    reply.header('content-type', XLSX_TYPE).header('content-disposition', 'attachment; filename="contact-list-example.xlsx"').send(await exampleSpreadsheet()),
  );

  app.get('/contact-lists/:id', { preHandler: allowed }, async (request) => showContactList(ctx, actorOf(request), parse(idParam, request.params).id));

  app.post('/contact-lists', { preHandler: allowed }, async (request) => createContactList(ctx, actorOf(request), parse(contactListInput, request.body)));

  app.put('/contact-lists/:id', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(contactListInput.partial(), request.body);
    return updateContactList(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/contact-lists/:id', { preHandler: allowed }, async (request, reply) => {
    await deleteContactList(ctx, actorOf(request), parse(idParam, request.params).id);
    return reply.code(204).send();
  });

  // The file is read as it arrives (never buffered whole): see contact-lists.import.
  app.post('/contact-lists/:id/upload', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    await showContactList(ctx, actorOf(request), id);
    const missing = () => new AppError('ERR_VALIDATION', 400, { fields: { [CONTACT_LIST_UPLOAD_FIELD]: V.required } });
    if (!request.isMultipart()) throw missing();
    const part = await request.file();
    if (!part || part.fieldname !== CONTACT_LIST_UPLOAD_FIELD) {
      part?.file.resume();
      throw missing();
    }
    let kind;
    try {
      kind = spreadsheetKind(part.filename ?? '');
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const report = await importContactList(ctx, actorOf(request), id, { kind, stream: part.file }).finally(() => part.file.resume());
    if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    return report;
  });

  app.get('/contact-list-items', { preHandler: allowed }, async (request) =>
    listListContactsPage(ctx, actorOf(request), parse(listContactsQuery, request.query)),
  );

  app.get('/contact-list-items/:id', { preHandler: allowed }, async (request) => showListContact(ctx, actorOf(request), parse(idParam, request.params).id));

  app.post('/contact-list-items', { preHandler: allowed }, async (request) => createListContact(ctx, actorOf(request), parse(listContactInput, request.body)));

  app.put('/contact-list-items/:id', { preHandler: allowed }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(listContactInput.partial(), request.body);
    return updateListContact(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/contact-list-items/:id', { preHandler: allowedToDelete }, async (request, reply) => {
    await deleteListContact(ctx, actorOf(request), parse(idParam, request.params).id);
    return reply.code(204).send();
  });
}
