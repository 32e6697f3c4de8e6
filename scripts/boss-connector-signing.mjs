// The BOSS直聘 connector signature for the plain-Node scripts (boss-connector-sign.mjs,
// boss-connector-client.mjs), which cannot import TypeScript: it restates packages/shared/src/connector-signing.ts,
// so change both together (the known-answer vector in docs/channels.md is checked against each). Seven lines
// joined by "\n", no trailing newline:
//   ACS-CONNECTOR-HMAC-SHA256
//   <METHOD upper case>
//   <path with query exactly as sent>
//   <timestamp: Unix seconds>
//   <nonce: 16–64 of [A-Za-z0-9_-]>
//   <key id>
//   <lower-case hex SHA-256 of the raw body>
// Signature: lower-case hex HMAC-SHA256, key = UTF-8 bytes of the secret, message = the canonical string.
import { createHash, createHmac, randomBytes } from 'node:crypto';

const SCHEME = 'ACS-CONNECTOR-HMAC-SHA256';

/**
 * The four headers of one request; `body` is the exact bytes sent (a string is taken as UTF-8). `timestamp`
 * and `nonce` are fresh unless given (the known-answer test gives them).
 */
export function connectorHeaders({ keyId, secret, method, target, body = '', timestamp = String(Math.floor(Date.now() / 1000)), nonce = randomBytes(16).toString('base64url') }) {
  const bodySha256 = createHash('sha256').update(body).digest('hex');
  const canonical = [SCHEME, method.toUpperCase(), target, timestamp, nonce, keyId, bodySha256].join('\n');
  return {
    'X-Connector-Key-Id': keyId,
    'X-Connector-Timestamp': timestamp,
    'X-Connector-Nonce': nonce,
    'X-Connector-Signature': createHmac('sha256', secret).update(canonical, 'utf8').digest('hex'),
  };
}
