import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS, loginInput } from '@atende/contract';
import { actorOf, bearerToken, type Guards } from '../../platform/authenticate.js';
import type { AppContext } from '../../platform/context.js';
import { parse } from '../../platform/validation.js';
import { loadSessionUser } from '../users/session-user.js';
import { login, logout, refresh, type IssuedSession } from './auth.service.js';

const COOKIE_PATH = '/api/auth';

export async function authRoutes(app: FastifyInstance, ctx: AppContext, guard: Guards) {
  const secureCookie = (request: FastifyRequest) => request.protocol === 'https' || Boolean(ctx.config.publicUrl?.startsWith('https:'));

  const answer = (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie(request),
      path: COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
    return { token: issued.token, user: issued.user };
  };

  app.post('/auth/login', async (request, reply) => {
    const input = parse(loginInput, request.body);
    const issued = await login(ctx, input, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
    return answer(request, reply, issued);
  });

  app.post('/auth/refresh_token', async (request, reply) => {
    try {
      return answer(request, reply, await refresh(ctx, request.cookies[REFRESH_COOKIE]));
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      throw error;
    }
  });

  app.delete('/auth/logout', async (request, reply) => {
    const claims = await ctx.tokens.verifyAccess(bearerToken(request)).catch(() => null);
    await logout(ctx, request.cookies[REFRESH_COOKIE], claims?.sid);
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    return reply.code(204).send();
  });

  // A company past its due date still reads its session: the web app sends it to its invoices.
  app.get('/auth/me', { preHandler: guard.overdueAllowed }, async (request) => {
    const actor = actorOf(request);
    return loadSessionUser(ctx.db, actor.companyId, actor.userId);
  });
}
