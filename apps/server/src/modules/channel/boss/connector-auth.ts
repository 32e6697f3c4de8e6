import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CONNECTOR_CLOCK_SKEW_SECONDS,
  CONNECTOR_HEADERS,
  CONNECTOR_KEY_ID_PATTERN,
  CONNECTOR_MAX_BODY_BYTES,
  CONNECTOR_METHOD_PATTERN,
  CONNECTOR_NONCE_PATTERN,
  CONNECTOR_SIGNATURE_PATTERN,
  CONNECTOR_TIMESTAMP_PATTERN,
  connectorCanonicalString,
  connectorPathProblem,
  type ConnectorHeaderField,
} from '@acs/shared';
import type { KvStore } from '../../../infra/kv';

/** Headers as Node gives them: absent, one value, or several. */
export type ConnectorHeaders = Record<string, string | string[] | undefined>;

export interface ConnectorRequest {
  /** Upper case, as on the request line. */
  method: string;
  /** Request target as sent, path plus query (Fastify: `request.raw.url`), never a re-built URL. */
  url: string;
  headers: ConnectorHeaders;
  /** The body bytes exactly as received: the route must read it as a Buffer, not re-serialise parsed JSON. */
  rawBody: Buffer;
}

export interface ConnectorAuthDeps {
  /** Shared by all instances (Redis in production), so a replay to another instance is refused too. */
  kv: KvStore;
  /**
   * The unsealed secret of an enabled key, or null when the id is unknown, revoked or disabled. Errors
   * (database down, unseal failure) propagate: they are faults, not authentication failures.
   */
  findSecret(keyId: string): Promise<string | null>;
  now?: () => number;
  /** The route should also set Fastify's bodyLimit so an oversized body is never buffered whole. */
  maxBodyBytes?: number;
}

export type ConnectorAuthFailure =
  | 'too_large'
  | 'missing_header'
  | 'bad_header'
  | 'bad_request'
  | 'expired'
  | 'future'
  | 'unknown_key'
  | 'bad_signature'
  | 'replay';

/** `message` is safe to return and to log: it never contains the secret, the signature or the body. */
export type ConnectorAuthRefusal = { ok: false; reason: ConnectorAuthFailure; status: 400 | 401 | 413; message: string };

export type ConnectorAuthResult = { ok: true; keyId: string; timestamp: number; nonce: string } | ConnectorAuthRefusal;

const FAILURE: Record<ConnectorAuthFailure, { status: 400 | 401 | 413; message: string }> = {
  too_large: { status: 413, message: '请求体过大' },
  missing_header: { status: 401, message: '缺少签名头' },
  bad_header: { status: 400, message: '签名头格式错误' },
  bad_request: { status: 400, message: '请求路径格式错误' },
  expired: { status: 401, message: '请求已过期，请校准客户端时钟后重试' },
  future: { status: 401, message: '请求时间戳超前，请校准客户端时钟后重试' },
  unknown_key: { status: 401, message: '连接器密钥无效或已停用' },
  bad_signature: { status: 401, message: '签名无效' },
  replay: { status: 401, message: '重复请求：该 nonce 已使用' },
};

function fail(reason: ConnectorAuthFailure, detail?: string): ConnectorAuthRefusal {
  const { status, message } = FAILURE[reason];
  return { ok: false, reason, status, message: detail ? `${message}：${detail}` : message };
}

/** A request the client could not have signed as sent; the message says which part. */
const badRequest = (message: string): ConnectorAuthResult => ({ ok: false, reason: 'bad_request', status: FAILURE.bad_request.status, message });

export function sha256Hex(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Lower-case hex HMAC-SHA256 over the canonical string, keyed by the UTF-8 bytes of the secret. */
export function connectorSignature(secret: string, canonical: string): string {
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');
}

/**
 * Constant time for equal lengths; for different lengths it answers false instead of throwing (as
 * timingSafeEqual would), comparing fixed-size digests so the time does not depend on where they differ.
 */
export function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  const same = timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
  return same && a.length === b.length;
}

/**
 * A nonce must be remembered while its timestamp could still pass the skew check: at most the skew into
 * the future plus the skew into the past. One extra second covers rounding to whole seconds.
 */
export const CONNECTOR_NONCE_TTL_MS = (2 * CONNECTOR_CLOCK_SKEW_SECONDS + 1) * 1000;

const nonceKey = (keyId: string, nonce: string) => `channel:boss:nonce:${keyId}:${nonce}`;

type Parsed = { keyId: string; timestamp: string; nonce: string; signature: string };

function readHeaders(headers: ConnectorHeaders): Parsed | ConnectorAuthResult {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const fields = Object.keys(CONNECTOR_HEADERS) as ConnectorHeaderField[];
  const missing = fields.filter((f) => {
    const v = lower.get(CONNECTOR_HEADERS[f].toLowerCase());
    return v === undefined || (typeof v === 'string' && v.trim() === '');
  });
  if (missing.length) return fail('missing_header', missing.map((f) => CONNECTOR_HEADERS[f]).join(', '));
  const patterns: Record<ConnectorHeaderField, RegExp> = {
    keyId: CONNECTOR_KEY_ID_PATTERN,
    timestamp: CONNECTOR_TIMESTAMP_PATTERN,
    nonce: CONNECTOR_NONCE_PATTERN,
    signature: CONNECTOR_SIGNATURE_PATTERN,
  };
  const out: Partial<Parsed> = {};
  for (const f of fields) {
    const v = lower.get(CONNECTOR_HEADERS[f].toLowerCase());
    // A repeated header is refused, not guessed at: proxies may have merged two requests' headers.
    if (typeof v !== 'string') return fail('bad_header', `${CONNECTOR_HEADERS[f]} 重复`);
    const value = v.trim();
    if (!patterns[f].test(value)) return fail('bad_header', CONNECTOR_HEADERS[f]);
    out[f] = value;
  }
  return out as Parsed;
}

/** The refusal of a body over the limit, also what the routes answer when the server's own body limit stops it first. */
export const tooLarge = (maxBody: number) => fail('too_large', `最多 ${maxBody} 字节`);

/**
 * Authenticates one connector API request. Order matters: size first (nothing hashed for a huge body),
 * cheap format and clock checks before the key lookup, the signature before the nonce is recorded (so a
 * forger cannot burn a legitimate client's nonces), and the nonce last, atomically.
 */
export async function verifyConnectorRequest(req: ConnectorRequest, deps: ConnectorAuthDeps): Promise<ConnectorAuthResult> {
  const maxBody = deps.maxBodyBytes ?? CONNECTOR_MAX_BODY_BYTES;
  if (req.rawBody.length > maxBody) return tooLarge(maxBody);

  const parsed = readHeaders(req.headers);
  if ('ok' in parsed) return parsed;

  const pathProblem = connectorPathProblem(req.url);
  if (pathProblem) return badRequest(pathProblem);
  if (!CONNECTOR_METHOD_PATTERN.test(req.method)) return badRequest('请求方法格式错误');

  const timestamp = Number(parsed.timestamp);
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000);
  if (timestamp < nowSeconds - CONNECTOR_CLOCK_SKEW_SECONDS) return fail('expired');
  if (timestamp > nowSeconds + CONNECTOR_CLOCK_SKEW_SECONDS) return fail('future');

  const secret = await deps.findSecret(parsed.keyId);
  if (!secret) return fail('unknown_key');

  const canonical = connectorCanonicalString({
    method: req.method,
    path: req.url,
    timestamp: parsed.timestamp,
    nonce: parsed.nonce,
    keyId: parsed.keyId,
    bodySha256: sha256Hex(req.rawBody),
  });
  const expected = Buffer.from(connectorSignature(secret, canonical), 'hex');
  if (!constantTimeEqual(Buffer.from(parsed.signature, 'hex'), expected)) return fail('bad_signature');

  // incr is atomic on Redis (MULTI INCR + PEXPIRE): exactly one of concurrent identical requests sees 1.
  if ((await deps.kv.incr(nonceKey(parsed.keyId, parsed.nonce), CONNECTOR_NONCE_TTL_MS)) !== 1) return fail('replay');

  return { ok: true, keyId: parsed.keyId, timestamp, nonce: parsed.nonce };
}

export interface SignConnectorRequestInput {
  keyId: string;
  secret: string;
  method: string;
  /** Path plus query, exactly as it will be sent. */
  path: string;
  body?: Buffer | string;
  now?: () => number;
  /** Normally random; fixed only to reproduce a known signature. */
  nonce?: string;
}

/** The Node side of a client (tests, fakes, server-to-server tools): the headers for one request. */
export function signConnectorRequest(input: SignConnectorRequestInput): Record<string, string> {
  const timestamp = String(Math.floor((input.now ?? Date.now)() / 1000));
  const nonce = input.nonce ?? randomBytes(16).toString('base64url');
  const canonical = connectorCanonicalString({
    method: input.method,
    path: input.path,
    timestamp,
    nonce,
    keyId: input.keyId,
    bodySha256: sha256Hex(input.body ?? ''),
  });
  return {
    [CONNECTOR_HEADERS.keyId]: input.keyId,
    [CONNECTOR_HEADERS.timestamp]: timestamp,
    [CONNECTOR_HEADERS.nonce]: nonce,
    [CONNECTOR_HEADERS.signature]: connectorSignature(input.secret, canonical),
  };
}
