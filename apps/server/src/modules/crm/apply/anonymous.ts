import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../../../core/errors';
import { kvRateLimitStore } from '../../auth/rate-limit';

export const TOO_MANY = '操作过于频繁，请稍后再试';

export interface Limit {
  max: number;
  timeWindow: number;
}

/**
 * Per-IP rate limits for the anonymous routes of the plugin it is registered in (the /home page's):
 * each route counts on its own, in the app's key-value store so every instance shares the counters.
 */
export async function limitAnonymousRoutes(app: FastifyInstance, scope: string): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: kvRateLimitStore(app.deps, scope),
    keyGenerator: (request: FastifyRequest) => `${request.routeOptions.url ?? ''}:${request.clientIp}`,
    errorResponseBuilder: () => new ServiceError(TOO_MANY),
  });
}

/** Route config of an anonymous route under `limit`. */
export const anonymous = (limit: Limit) => ({ access: 'anonymous' as const, rateLimit: limit });
