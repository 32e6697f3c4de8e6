/**
 * BOSS直聘 connector request signing (issue 12): the part both sides share.
 *
 * An external automation client (browser extension / RPA) signs every connector API request with its
 * per-account connector key. This module is pure — no crypto, no Node or DOM APIs — so the server and a
 * browser extension build the same canonical string; each side computes SHA-256 and HMAC-SHA256 with its
 * own crypto (node:crypto on the server, `crypto.subtle` in a browser). The Node reference signer
 * `scripts/boss-connector-sign.mjs` restates these rules and must change together with this file.
 *
 * Canonical string: seven lines joined by a single `\n` (LF), no trailing newline:
 *
 *   ACS-CONNECTOR-HMAC-SHA256        the scheme (CONNECTOR_SIGNING_SCHEME), so a future v2 cannot collide
 *   POST                             HTTP method, upper case
 *   /prod-api/channel/boss/x?a=1&b=2 request target exactly as sent on the request line: path plus query,
 *                                    no scheme/host, no fragment, no re-encoding, no re-ordering
 *   1795000000                       X-Connector-Timestamp: Unix time in whole seconds, decimal
 *   3q2-7wEXAMPLEnonce0123456789     X-Connector-Nonce
 *   ck_0123456789abcdef01234567      X-Connector-Key-Id (binds the signature to the key)
 *   e3b0c442…b855                    lower-case hex SHA-256 of the raw body bytes (an empty body hashes "")
 *
 * X-Connector-Signature = lower-case hex HMAC-SHA256(key = UTF-8 bytes of the whole secret string as
 * shown once in the console, message = UTF-8 bytes of the canonical string).
 *
 * The server refuses a timestamp more than CONNECTOR_CLOCK_SKEW_SECONDS away from its clock, and a nonce
 * already used with the same key while its timestamp could still be accepted.
 */

export const CONNECTOR_SIGNING_SCHEME = 'ACS-CONNECTOR-HMAC-SHA256';

/** Header names as sent; HTTP header names are case-insensitive (Node hands them over in lower case). */
export const CONNECTOR_HEADERS = {
  keyId: 'X-Connector-Key-Id',
  timestamp: 'X-Connector-Timestamp',
  nonce: 'X-Connector-Nonce',
  signature: 'X-Connector-Signature',
} as const;

export type ConnectorHeaderField = keyof typeof CONNECTOR_HEADERS;

/** How far the client clock may be from the server's, either way. */
export const CONNECTOR_CLOCK_SKEW_SECONDS = 300;

/** Largest request body the connector API accepts (messages and profile fields are small JSON). */
export const CONNECTOR_MAX_BODY_BYTES = 256 * 1024;

/** Longest request target (path + query) that is signed and accepted. */
export const CONNECTOR_MAX_PATH_LENGTH = 2048;

/** 16–64 URL-safe characters; clients should use at least 16 random bytes (e.g. 22 base64url characters). */
export const CONNECTOR_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Whole seconds, no sign, no leading zeros; 1–12 digits keeps it an exact integer. */
export const CONNECTOR_TIMESTAMP_PATTERN = /^(0|[1-9][0-9]{0,11})$/;

/** `ck_` + 24 lower-case hex characters (12 random bytes), as the server generates them. */
export const CONNECTOR_KEY_ID_PATTERN = /^ck_[0-9a-f]{24}$/;

/** Lower-case hex HMAC-SHA256 (upper case is accepted too: it is the same bytes). */
export const CONNECTOR_SIGNATURE_PATTERN = /^[0-9a-fA-F]{64}$/;

/** Upper-case HTTP method token. */
export const CONNECTOR_METHOD_PATTERN = /^[A-Z]{1,16}$/;

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Printable ASCII without space: anything else would have to be percent-encoded on the request line. */
const REQUEST_TARGET = /^\/[\x21-\x7e]*$/;

export interface ConnectorCanonicalParts {
  method: string;
  /** Path with query, exactly as sent (e.g. `request.raw.url` on the server). */
  path: string;
  timestamp: string;
  nonce: string;
  keyId: string;
  /** Lower-case hex SHA-256 of the raw body. */
  bodySha256: string;
}

/** Why a part cannot be signed; null when the request target is usable. */
export function connectorPathProblem(path: string): string | null {
  if (path.length > CONNECTOR_MAX_PATH_LENGTH) return `请求路径过长（最多 ${CONNECTOR_MAX_PATH_LENGTH} 个字符）`;
  if (!REQUEST_TARGET.test(path) || path.includes('#')) return '请求路径格式错误';
  return null;
}

/**
 * The string to sign. Throws on a malformed part rather than signing something ambiguous: every part is
 * restricted to characters without `\n`, so no two different requests give the same canonical string.
 */
export function connectorCanonicalString(parts: ConnectorCanonicalParts): string {
  if (!CONNECTOR_METHOD_PATTERN.test(parts.method)) throw new Error('请求方法格式错误');
  const pathProblem = connectorPathProblem(parts.path);
  if (pathProblem) throw new Error(pathProblem);
  if (!CONNECTOR_TIMESTAMP_PATTERN.test(parts.timestamp)) throw new Error(`${CONNECTOR_HEADERS.timestamp} 格式错误`);
  if (!CONNECTOR_NONCE_PATTERN.test(parts.nonce)) throw new Error(`${CONNECTOR_HEADERS.nonce} 格式错误`);
  if (!CONNECTOR_KEY_ID_PATTERN.test(parts.keyId)) throw new Error(`${CONNECTOR_HEADERS.keyId} 格式错误`);
  if (!SHA256_HEX.test(parts.bodySha256)) throw new Error('请求体摘要必须是小写十六进制 SHA-256');
  return [CONNECTOR_SIGNING_SCHEME, parts.method, parts.path, parts.timestamp, parts.nonce, parts.keyId, parts.bodySha256].join('\n');
}
