import type { FastifyInstance } from 'fastify';
import { ServiceError } from './errors';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth';

const JSON_TYPE = 'application/json';

/**
 * Fastify's JSON parser (prototype-poisoning checks included) with two changes: an empty body is no
 * body (clients that set the JSON content type on every request send it on POST /logout), and nesting
 * deeper than MAX_JSON_DEPTH is refused on the raw text, before anything walks it recursively.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(JSON_TYPE);
  app.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return done(new ServiceError('请求数据嵌套层级过深'), undefined);
    parse(request, text, done);
  });
}
