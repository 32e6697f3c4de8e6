#!/usr/bin/env node
// Reference signer for the BOSS直聘 connector API: prints the four signature headers for one request.
//
//   BOSS_CONNECTOR_SECRET=cks_… node scripts/boss-connector-sign.mjs --key-id ck_… \
//     --method POST --path '/prod-api/channel/boss/connector/…?x=1' --body '{"a":1}' [--json]
//
// The secret is read from the environment only, so it stays out of shell history and `ps`.
// --body-file <file> signs a file's bytes instead of --body; without either the body is empty.
//
// The canonical rule is defined in packages/shared/src/connector-signing.ts (this script cannot import
// TypeScript, so it restates it; change both together). Seven lines joined by "\n", no trailing newline:
//   ACS-CONNECTOR-HMAC-SHA256
//   <METHOD upper case>
//   <path with query exactly as sent>
//   <timestamp: Unix seconds>
//   <nonce: 16–64 of [A-Za-z0-9_-]>
//   <key id>
//   <lower-case hex SHA-256 of the raw body>
// Signature: lower-case hex HMAC-SHA256, key = UTF-8 bytes of the secret, message = the canonical string.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const SCHEME = 'ACS-CONNECTOR-HMAC-SHA256';

function usage(message) {
  console.error(`${message}\n用法: BOSS_CONNECTOR_SECRET=… node scripts/boss-connector-sign.mjs --key-id <id> --path <path> [--method GET] [--body <text> | --body-file <file>] [--json]`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      'key-id': { type: 'string' },
      method: { type: 'string', default: 'GET' },
      path: { type: 'string' },
      body: { type: 'string' },
      'body-file': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (err) {
  usage(err.message);
}

const secret = process.env.BOSS_CONNECTOR_SECRET;
if (!secret) usage('缺少环境变量 BOSS_CONNECTOR_SECRET');
const keyId = values['key-id'];
if (!keyId) usage('缺少 --key-id');
const path = values.path;
if (!path || !path.startsWith('/')) usage('--path 必须以 / 开头（路径加查询串，与实际发送的一致）');
if (values.body !== undefined && values['body-file'] !== undefined) usage('--body 与 --body-file 只能二选一');
const method = values.method.toUpperCase();

const body = values['body-file'] !== undefined ? readFileSync(values['body-file']) : Buffer.from(values.body ?? '', 'utf8');
const timestamp = String(Math.floor(Date.now() / 1000));
const nonce = randomBytes(16).toString('base64url');
const bodySha256 = createHash('sha256').update(body).digest('hex');
const canonical = [SCHEME, method, path, timestamp, nonce, keyId, bodySha256].join('\n');
const signature = createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');

const headers = {
  'X-Connector-Key-Id': keyId,
  'X-Connector-Timestamp': timestamp,
  'X-Connector-Nonce': nonce,
  'X-Connector-Signature': signature,
};
if (values.json) console.log(JSON.stringify(headers));
else for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
