import type { FastifyRequest } from 'fastify';
import { ALL_PERMISSION, Code, Msg, SUPER_ADMIN_ROLE } from '@acs/shared';
import { ServiceError } from '../errors';
import type { Access } from '../access';
import type { LoginSession } from './types';

/** @ss.hasPermi: the wildcard permission or the exact string. */
export function hasPermi(session: LoginSession, permission: string): boolean {
  const p = permission.trim();
  return session.permissions.includes(ALL_PERMISSION) || session.permissions.includes(p);
}

/** @ss.hasRole: the admin role or the exact role key. */
export function hasRole(session: LoginSession, role: string): boolean {
  const r = role.trim();
  return session.roles.some((key) => key === SUPER_ADMIN_ROLE || key === r);
}

export function isAllowed(session: LoginSession, access: Exclude<Access, 'anonymous'>): boolean {
  if (access === 'authenticated') return true;
  return 'permission' in access ? hasPermi(session, access.permission) : hasRole(session, access.role);
}

/** Path as the client named it, without the API prefix and query (upstream sits behind a prefix-stripping proxy). */
export function requestUri(request: FastifyRequest): string {
  const prefix = request.server.deps.config.apiPrefix;
  const path = request.url.split('?')[0];
  return path.startsWith(prefix + '/') ? path.slice(prefix.length) : path;
}

export const unauthorizedBody = (request: FastifyRequest) => ({ code: Code.UNAUTHORIZED, msg: Msg.unauthorized(requestUri(request)) });

/** The session of an authenticated request; services call it where a route could be reached without one. */
export function requireSession(request: FastifyRequest): LoginSession {
  if (!request.session) throw new ServiceError(Msg.unauthorized(requestUri(request)), Code.UNAUTHORIZED);
  return request.session;
}
