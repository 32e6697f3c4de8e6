import type { FastifyInstance } from 'fastify';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Exports arrive as form-encoded POST bodies (contract §1.1), keyed literally (`params[beginTime]`).
 * Call it inside a route plugin; plugins are encapsulated, so the guard lets several modules, or the
 * app itself, register it without clashing.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM)) return;
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
