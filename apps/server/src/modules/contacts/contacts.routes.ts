import type { FastifyInstance } from 'fastify';
import { contactInput, contactListQuery, contactPickerQuery, idParam, sentFields } from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import { isoDay } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import {
  createContact,
  deleteContact,
  exportContacts,
  importContacts,
  listContactsPage,
  pickContacts,
  showContact,
  updateContact,
} from './contacts.service.js';

/**
 * The company's address book. Every signed-in user reads, creates and edits contacts (tickets
 * start from them); deleting one needs contacts-page:deleteContact.
 */
export async function contactsRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.get('/contacts', { preHandler: guard.signedIn }, async (request) =>
    listContactsPage(ctx, actorOf(request), parse(contactListQuery, request.query)),
  );

  app.get('/contacts/list', { preHandler: guard.signedIn }, async (request) =>
    pickContacts(ctx, actorOf(request), parse(contactPickerQuery, request.query).searchParam),
  );

  app.get('/contacts/export', { preHandler: guard.signedIn }, async (request, reply) => {
    const stream = exportContacts(ctx, actorOf(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="contacts-${isoDay(ctx.clock.now())}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.post('/contacts/import', { preHandler: guard.signedIn }, async (request) => importContacts(ctx, actorOf(request)));

  app.get('/contacts/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showContact(ctx, actorOf(request), id);
  });

  app.post('/contacts', { preHandler: guard.signedIn }, async (request) =>
    createContact(ctx, actorOf(request), parse(contactInput, request.body)),
  );

  app.put('/contacts/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(contactInput.partial(), request.body);
    return updateContact(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.delete('/contacts/:id', { preHandler: guard.permission('contacts-page:deleteContact') }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteContact(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}
