import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { serializeError } from '../core/error-log';

/** Field names whose values never reach the log, wherever they sit in a logged object. */
const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'confirmPassword', 'apiKey', 'token', 'visitorToken', 'accessToken', 'secret'];

/** pino's redaction has no recursive wildcard: the fields are listed at the depths log calls use. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Query parameters that carry credentials (the public chat's stream sends its visitor token in the URL). */
const SECRET_QUERY_PARAM = /token|password|secret|key|auth/i;

export const REDACTED = '[Redacted]';

/** The URL as logged: credential-like query values replaced, the rest kept for tracing. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let masked = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_QUERY_PARAM.test(name)) continue;
    params.set(name, REDACTED);
    masked = true;
  }
  return masked ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Fastify's own request serializer, with the URL masked. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: maskUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The server's pino options: JSON lines on stdout (or `stream`), secrets and failed queries' values left out. */
export function loggerOptions(level: AppConfig['logLevel'], stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
