import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  companyCreateInput,
  companyInput,
  companySchedulesInput,
  idParam,
  listQuery,
  sentFields,
  signupInput,
} from '@atende/contract';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import {
  allCompanies,
  companiesPage,
  createCompany,
  deleteCompany,
  planOfCompany,
  showCompany,
  signup,
  updateCompany,
  updateSchedules,
} from './companies.service.js';

const companyIdParam = z.object({ companyId: idParam.shape.id });

/**
 * Managing companies is the super user's. A company's own admins read it and set its working
 * hours, its members read its plan, and visitors sign up (companies.policy has the rules).
 */
export async function companiesRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  app.post('/companies/cadastro', async (request, reply) => {
    const input = parse(signupInput, request.body);
    await signup(ctx, input, request.ip);
    return reply.code(201).send({});
  });

  app.get('/companies', { preHandler: guard.superUser }, async (request) => companiesPage(ctx, parse(listQuery, request.query)));

  app.get('/companies/list', { preHandler: guard.superUser }, async () => allCompanies(ctx));

  app.get('/companies/listPlan/:companyId', { preHandler: guard.signedIn }, async (request) => {
    const { companyId } = parse(companyIdParam, request.params);
    return planOfCompany(ctx, actorOf(request), companyId);
  });

  app.get('/companies/:id', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    return showCompany(ctx, actorOf(request), id);
  });

  app.post('/companies', { preHandler: guard.superUser }, async (request) => createCompany(ctx, parse(companyCreateInput, request.body)));

  app.put('/companies/:id', { preHandler: guard.superUser }, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(companyInput, request.body);
    return updateCompany(ctx, actorOf(request), id, sentFields(input, request.body));
  });

  app.put('/companies/:id/schedules', { preHandler: guard.signedIn }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { schedules } = parse(companySchedulesInput, request.body);
    return updateSchedules(ctx, actorOf(request), id, schedules);
  });

  app.delete('/companies/:id', { preHandler: guard.superUser }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    await deleteCompany(ctx, actorOf(request), id);
    return reply.code(204).send();
  });
}
