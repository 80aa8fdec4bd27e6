import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  recordId,
  simulatorCallInput,
  simulatorFaultInput,
  simulatorMessageInput,
  type SimulatorConversationEntry,
} from '@atende/contract';
import type { SimulatorNetwork } from '../../channels/whatsapp/simulator/network.js';
import { actorOf, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { parse } from '../../platform/validation.js';
import { findConnectionRow } from '../connections/connections.repository.js';
import { commandSession } from '../connections/connections.service.js';

const conversationParams = z.object({
  whatsappId: recordId(),
  number: z.string().regex(/^\+?\d{8,15}$/),
});
const scanParams = z.object({ whatsappId: recordId() });

/**
 * The simulated WhatsApp network's control API (only when the server runs with the simulator):
 * people playing customers, and tests. Every call names a connection, which must be a simulator
 * connection of the caller's company; anything else is ERR_NO_WAPP_FOUND.
 */
export async function simulatorRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const network = ctx.sessions.registry.simulator;
  if (!network) return;
  // Injecting customers' messages and network faults is for admins, like managing connections;
  // on a demo server everyone of the company may play the customers, agents included.
  const forEveryone = ctx.config.demo;
  const allowed = forEveryone ? [guard.signedIn] : guard.permission('simulator:use');

  /** The caller's simulator connection, or 404. */
  const lineOf = async (request: FastifyRequest, whatsappId: number) => {
    const row = await findConnectionRow(ctx.db, actorOf(request).companyId, whatsappId);
    if (!row || row.provider !== 'simulator') throw notFound('ERR_NO_WAPP_FOUND');
    return row.id;
  };

  app.get('/simulator/status', async () => ({ enabled: true, forEveryone }));

  app.post('/simulator/connections/:whatsappId/scan', { preHandler: allowed }, async (request, reply) => {
    const connectionId = await lineOf(request, parse(scanParams, request.params).whatsappId);
    onTheNetwork(() => network.scan(connectionId));
    return reply.code(204).send();
  });

  // The page playing the phone asks for a fresh QR itself when the line gave up waiting or was disconnected.
  app.post('/simulator/connections/:whatsappId/new-qr', { preHandler: allowed }, async (request) => {
    const connectionId = await lineOf(request, parse(scanParams, request.params).whatsappId);
    return commandSession(ctx, actorOf(request), connectionId, 'new-qr');
  });

  app.post('/simulator/messages', { preHandler: allowed, bodyLimit: 16 * 1024 * 1024 }, async (request) => {
    const { whatsappId, ...input } = parse(simulatorMessageInput, request.body);
    const connectionId = await lineOf(request, whatsappId);
    return onTheNetwork(() => network.customerSends({ connectionId, ...input }));
  });

  app.post('/simulator/calls', { preHandler: allowed }, async (request) => {
    const { whatsappId, from } = parse(simulatorCallInput, request.body);
    const connectionId = await lineOf(request, whatsappId);
    return onTheNetwork(() => network.customerCalls({ connectionId, from }));
  });

  app.get('/simulator/conversations/:whatsappId/:number', { preHandler: allowed }, async (request) => {
    const { whatsappId, number } = parse(conversationParams, request.params);
    const connectionId = await lineOf(request, whatsappId);
    return conversation(network, connectionId, number);
  });

  app.post('/simulator/faults', { preHandler: allowed }, async (request, reply) => {
    const { whatsappId, kind, failedReconnects } = parse(simulatorFaultInput, request.body);
    const connectionId = await lineOf(request, whatsappId);
    onTheNetwork(() => network.fault(connectionId, kind, { failedReconnects }));
    return reply.code(204).send();
  });
}

function conversation(network: SimulatorNetwork, connectionId: number, number: string): SimulatorConversationEntry[] {
  return network.conversation(connectionId, number);
}

/** The network refuses what makes no sense right now (a scan with no QR showing): a clear 409. */
function onTheNetwork<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, { details: { reason: (error as Error).message } });
  }
}
