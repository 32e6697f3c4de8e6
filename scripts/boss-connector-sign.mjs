#!/usr/bin/env node
// Reference signer for the BOSS直聘 connector API: prints the four signature headers for one request.
//
//   BOSS_CONNECTOR_SECRET=cks_… node scripts/boss-connector-sign.mjs --key-id ck_… \
//     --method POST --path '/prod-api/channel/boss/connector/…?x=1' --body '{"a":1}' [--json]
//
// The secret is read from the environment only, so it stays out of shell history and `ps`.
// --body-file <file> signs a file's bytes instead of --body; without either the body is empty.
//
// The signature itself is scripts/boss-connector-signing.mjs (shared with boss-connector-client.mjs).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { connectorHeaders } from './boss-connector-signing.mjs';

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
const body = values['body-file'] !== undefined ? readFileSync(values['body-file']) : Buffer.from(values.body ?? '', 'utf8');
const headers = connectorHeaders({ keyId, secret, method: values.method, target: path, body });
if (values.json) console.log(JSON.stringify(headers));
else for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
