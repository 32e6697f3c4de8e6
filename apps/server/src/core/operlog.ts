import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '@acs/shared';
import { sysOperLog } from '../db/schema';
import { ipLocation } from './client-info';
import { loggableMessage } from './error-log';
import { SENSITIVE_KEYS } from './xss';

const MAX_TEXT = 2000;
const MAX_URL = 255;
/** sys_oper_log.operator_type: 1 = back-office user. */
const OPERATOR_MANAGE = 1;

interface CallState {
  startedAt: number;
  error?: Error;
  payload?: string;
}

const calls = new WeakMap<FastifyRequest, CallState>();

const truncate = (s: string, max = MAX_TEXT) => (s.length > max ? s.slice(0, max) : s);

/** Drops password fields at any depth, as upstream's property filter does. */
function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SENSITIVE_KEYS.has(k)) out[k] = stripSecrets(v);
    return out;
  }
  return value;
}

const isNonEmptyObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && Object.keys(v).length > 0;

/**
 * Query parameters when there are any; otherwise, for writes, the body and path parameters
 * joined by a space (the handler arguments of upstream). Passwords never reach the log.
 */
export function operParamOf(request: Pick<FastifyRequest, 'method' | 'query' | 'body' | 'params'>): string {
  if (isNonEmptyObject(request.query)) return truncate(JSON.stringify(stripSecrets(request.query)));
  if (!['POST', 'PUT', 'DELETE'].includes(request.method)) return '';
  const parts: string[] = [];
  if (isNonEmptyObject(request.body) || Array.isArray(request.body)) parts.push(JSON.stringify(stripSecrets(request.body)));
  if (isNonEmptyObject(request.params)) parts.push(JSON.stringify(request.params));
  return truncate(parts.join(' '));
}

/** Envelope code and msg of a JSON reply, or null for binary/non-envelope bodies. */
function envelopeOf(payload: string | undefined): { code: unknown; msg: unknown } | null {
  if (payload === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return parsed !== null && typeof parsed === 'object' && 'code' in parsed
      ? (parsed as { code: unknown; msg: unknown })
      : null;
  } catch {
    return null;
  }
}

/**
 * Writes sys_oper_log for routes declaring `config.operLog`, after the response is sent.
 * A call counts as failed when an error escaped the handler or the envelope code is not 200
 * (upstream logs returned errors as successes; the status filter is more useful this way).
 * Logging failures are logged and never reach the client.
 */
export function registerOperLog(app: FastifyInstance): void {
  const { deps } = app;
  const prefix = deps.config.apiPrefix;

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.operLog) calls.set(request, { startedAt: performance.now() });
  });

  app.addHook('onError', async (request, _reply, error) => {
    const state = calls.get(request);
    if (state) state.error = error;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = calls.get(request);
    const type = String(reply.getHeader('content-type') ?? '');
    if (state && typeof payload === 'string' && type.includes('json')) state.payload = payload;
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    const state = calls.get(request);
    const spec = request.routeOptions.config.operLog;
    const session = request.session;
    // Calls refused for want of a login never reached the operation; there is no operator to record.
    if (!state || !spec || !session) return;
    calls.delete(request);
    const envelope = envelopeOf(state.payload);
    const returnedFailure = envelope !== null && envelope.code !== Code.SUCCESS;
    const errorMsg = state.error ? loggableMessage(state.error) : (returnedFailure ? String(envelope?.msg ?? '') : '');
    const ip = request.clientIp || request.ip;
    const routeUrl = request.routeOptions.url ?? request.url;
    try {
      await deps.database.db.insert(sysOperLog).values({
        title: spec.title,
        businessType: spec.businessType,
        method: truncate(routeUrl.startsWith(prefix) ? routeUrl.slice(prefix.length) : routeUrl, 200),
        requestMethod: request.method,
        operatorType: OPERATOR_MANAGE,
        operName: session.userName,
        deptName: session.deptName,
        operUrl: truncate(request.url.split('?')[0], MAX_URL),
        operIp: ip,
        operLocation: ipLocation(ip),
        operParam: operParamOf(request),
        jsonResult: spec.omitResult ? '' : truncate(state.payload ?? ''),
        status: state.error || returnedFailure ? 1 : 0,
        errorMsg: truncate(errorMsg),
        operTime: new Date(deps.now()),
        costTime: Math.round(performance.now() - state.startedAt),
      });
    } catch (err) {
      request.log.error({ err }, 'writing the operation log failed');
    }
  });
}
