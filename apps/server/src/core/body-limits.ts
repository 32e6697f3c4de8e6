import type { FastifyInstance } from 'fastify';

const KB = 1024;
const MB = 1024 * KB;

/**
 * Bodies Fastify reads into memory (JSON, forms, text). Uploads are multipart, which Fastify does not
 * buffer: each upload route streams its files under its own rule (modules/common/upload.ts).
 */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/** Routes anyone may call (login, register, logout, the public chat) carry a few fields at most. */
export const ANONYMOUS_BODY_LIMIT = 64 * KB;

/**
 * Gives anonymous routes the small limit unless they declare their own, so a new public route is
 * bounded without anyone remembering to. Must run before the modules register their routes.
 */
export function limitAnonymousBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'anonymous' && route.bodyLimit === undefined) route.bodyLimit = ANONYMOUS_BODY_LIMIT;
  });
}
