import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, Msg } from '@acs/shared';
import { resolveClientIp } from '../client-info';
import { createTokenCodec, tokenFromHeader, type TokenCodec } from './jwt';
import { isAllowed, unauthorizedBody } from './permissions';
import { loadSession } from './session';
import type { LoginSession } from './types';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, or null for anonymous callers and bad or expired tokens. */
    session: LoginSession | null;
    /** Client address as used for logs and the IP blacklist. */
    clientIp: string;
  }
  interface FastifyInstance {
    tokens: TokenCodec;
  }
}

/**
 * Loads the session of every API request and enforces the route's declared access.
 * Registered with fastify-plugin in the API prefix scope so its hook covers every API route,
 * including the not-found handler (unknown paths need a login, as upstream).
 */
export const authPlugin = fp(async (app) => {
  const { deps } = app;
  app.decorate('tokens', createTokenCodec(deps.config.jwtSecret));
  app.decorateRequest('session', null);
  app.decorateRequest('clientIp', '');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.clientIp = resolveClientIp(request.headers, request.socket.remoteAddress, deps.config.trustProxy);
    const token = tokenFromHeader(request.headers.authorization);
    const tokenId = token ? await app.tokens.read(token) : null;
    request.session = tokenId ? await loadSession(deps, tokenId) : null;

    const access = request.routeOptions.config?.access ?? 'authenticated';
    if (access === 'anonymous') return;
    if (!request.session) {
      return reply.send(unauthorizedBody(request));
    }
    if (!isAllowed(request.session, access)) {
      return reply.send({ code: Code.FORBIDDEN, msg: Msg.FORBIDDEN });
    }
  });
}, { name: 'acs-auth' });
