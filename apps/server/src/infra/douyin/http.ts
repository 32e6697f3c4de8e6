import { z } from 'zod';
import { endpoint } from '../llm/openai';
import { OutboundError, outboundFetch, type OutboundPolicy, type Resolver } from '../outbound/fetch';
import { DOUYIN_MAX_RESPONSE_BYTES } from './constants';
import { douyinError, reasonOfCode, reasonOfOutbound, reasonOfStatus } from './errors';

/** Where a call may go (the deployment's outbound policy) and, for tests, how host names resolve. */
export interface DouyinTarget {
  policy: OutboundPolicy;
  resolver?: Resolver;
}

export interface DouyinRequest {
  baseUrl: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded (the OAuth endpoints). */
  form?: Record<string, string>;
  /** Sent as application/json (the OpenAPI endpoints). */
  json?: unknown;
  /** Longest wait for the whole exchange, connection to last byte. */
  timeoutMs: number;
  target: DouyinTarget;
  signal?: AbortSignal;
}

/** A platform error code: a number, or a number in a string (several OAuth answers quote it). */
const code = z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]);

/**
 * The two answer shapes the platform uses: OAuth's `{data:{error_code, description, …}, message}` and the
 * OpenAPI's `{err_no, err_msg, log_id, data, extra:{error_code, description, logid}}` (§2.4, §2.5).
 */
const envelope = z.object({
  err_no: code.optional(),
  err_msg: z.string().optional(),
  log_id: z.string().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
  extra: z.object({ error_code: code.optional(), description: z.string().optional(), logid: z.string().optional() }).optional(),
});

const dataStatus = z.object({ error_code: code.optional(), description: z.string().optional(), log_id: z.string().optional() });

export interface PlatformAnswer {
  /** The answer's `data`, still to be validated by the endpoint's own schema. */
  data: unknown;
  logId?: string;
}

/** The platform's verdict inside a parsed body: its first non-zero error code, its text and log id. */
function verdict(body: z.infer<typeof envelope>): { code: number; message?: string; logId?: string } {
  const inner = dataStatus.safeParse(body.data);
  const data = inner.success ? inner.data : {};
  const codes = [body.err_no, data.error_code, body.extra?.error_code].filter((c): c is number => c !== undefined);
  return {
    code: codes.find((c) => c !== 0) ?? 0,
    message: body.err_msg || data.description || body.extra?.description || body.message,
    logId: body.log_id || body.extra?.logid || data.log_id,
  };
}

/**
 * One exchange with the platform through the outbound guard, under one timeout. Resolves with the answer's
 * `data` when the platform reports success; otherwise throws DouyinError (the caller's abort passes through).
 * A platform error code decides the kind when it is known, else the HTTP status does.
 */
export async function douyinRequest(req: DouyinRequest): Promise<PlatformAnswer> {
  let url: URL;
  try {
    url = new URL(endpoint(req.baseUrl, req.path));
  } catch {
    throw douyinError('invalid_request');
  }
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  const onAbort = () => controller.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  let status: number;
  let text: string;
  try {
    req.signal?.throwIfAborted();
    const res = await outboundFetch(url.toString(), { method: 'POST', headers, body }, { ...req.target, maxBodyBytes: DOUYIN_MAX_RESPONSE_BYTES, signal: controller.signal });
    status = res.status;
    text = await res.text();
  } catch (err) {
    if (timedOut) throw douyinError('timeout');
    req.signal?.throwIfAborted();
    if (err instanceof OutboundError) throw douyinError(reasonOfOutbound(err.kind));
    // The connection broke mid-body: undici's "terminated" names no more than that.
    throw douyinError('network');
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }

  const ok = status >= 200 && status < 300;
  let parsed: z.infer<typeof envelope> | null = null;
  try {
    const result = envelope.safeParse(JSON.parse(text));
    if (result.success) parsed = result.data;
  } catch {
    parsed = null;
  }
  if (!parsed) throw douyinError(ok ? 'bad_response' : reasonOfStatus(status), { status });
  const v = verdict(parsed);
  const details = { status, code: v.code || undefined, platformMessage: v.message, logId: v.logId };
  if (v.code !== 0) {
    const reason = reasonOfCode(v.code);
    // An unknown code on a 5xx or 429 is still the platform being unwell.
    throw douyinError(reason === 'invalid_request' && !ok ? reasonOfStatus(status) : reason, details);
  }
  if (!ok) throw douyinError(reasonOfStatus(status), details);
  return { data: parsed.data, logId: v.logId };
}

/** Validates an answer's `data` with the endpoint's schema; a mismatch is a bad response, not a crash. */
export function parseData<T>(schema: z.ZodType<T>, answer: PlatformAnswer): T {
  const result = schema.safeParse(answer.data);
  if (!result.success) throw douyinError('bad_response', { logId: answer.logId });
  return result.data;
}
