import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../../../src/infra/kv';
import { verifyConnectorRequest, type ConnectorAuthDeps } from '../../../src/modules/channel/boss/connector-auth';
import { generateConnectorKey } from '../../../src/modules/channel/boss/connector-key';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../../../../scripts/boss-connector-sign.mjs');
const key = generateConnectorKey();
const deps = (): ConnectorAuthDeps => ({ kv: new MemoryKv(), findSecret: async (id) => (id === key.keyId ? key.secret : null) });

/** `secret: null` runs the script without BOSS_CONNECTOR_SECRET. */
async function sign(args: string[], secret: string | null = key.secret) {
  const env = { ...process.env, BOSS_CONNECTOR_SECRET: secret ?? undefined };
  if (secret === null) delete env.BOSS_CONNECTOR_SECRET;
  return run(process.execPath, [SCRIPT, '--key-id', key.keyId, ...args], { env });
}

const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('scripts/boss-connector-sign.mjs', () => {
  it('prints headers (JSON) that the server verifies, for a body given inline', async () => {
    const body = '{"candidate":"张三","text":"您好"}';
    const url = '/prod-api/channel/boss/connector/messages?accountId=7&x=%20';
    const { stdout } = await sign(['--method', 'post', '--path', url, '--body', body, '--json']);
    const headers = lowerCased(JSON.parse(stdout) as Record<string, string>);
    const res = await verifyConnectorRequest({ method: 'POST', url, headers, rawBody: Buffer.from(body, 'utf8') }, deps());
    expect(res).toMatchObject({ ok: true, keyId: key.keyId });
  });

  it('prints `Name: value` lines by default and signs a file body byte for byte', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'boss-sign-'));
    try {
      const file = path.join(dir, 'body.bin');
      const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0x0a, 0x00]);
      await writeFile(file, bytes);
      const url = '/prod-api/channel/boss/connector/profile';
      const { stdout } = await sign(['--method', 'PUT', '--path', url, '--body-file', file]);
      const headers = Object.fromEntries(stdout.trim().split('\n').map((line) => line.split(': ') as [string, string]));
      expect(Object.keys(headers)).toEqual(['X-Connector-Key-Id', 'X-Connector-Timestamp', 'X-Connector-Nonce', 'X-Connector-Signature']);
      const res = await verifyConnectorRequest({ method: 'PUT', url, headers: lowerCased(headers), rawBody: bytes }, deps());
      expect(res.ok).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('signs an empty GET by default and refuses to run without the secret in the environment', async () => {
    const url = '/prod-api/channel/boss/connector/replies?wait=25';
    const { stdout } = await sign(['--path', url, '--json']);
    const headers = lowerCased(JSON.parse(stdout) as Record<string, string>);
    expect((await verifyConnectorRequest({ method: 'GET', url, headers, rawBody: Buffer.alloc(0) }, deps())).ok).toBe(true);
    await expect(sign(['--path', url], null)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('BOSS_CONNECTOR_SECRET') });
  });
});

describe('scripts/boss-connector-signing.mjs', () => {
  it('gives the known-answer signature of docs/channels.md, as the shared TypeScript rule does', async () => {
    const { connectorHeaders } = (await import(path.resolve(__dirname, '../../../../../scripts/boss-connector-signing.mjs'))) as {
      connectorHeaders(input: { keyId: string; secret: string; method: string; target: string; body: string; timestamp: string; nonce: string }): Record<string, string>;
    };
    const headers = connectorHeaders({
      keyId: 'ck_0123456789abcdef01234567',
      secret: 'cks_test-secret-for-the-docs',
      method: 'post',
      target: '/prod-api/channel/boss/connector/messages?accountId=7',
      body: '{"text":"您好"}',
      timestamp: '1795000000',
      nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(headers['X-Connector-Signature']).toBe('84148ccfd52b6c3d33beeb854c8d4234001f082bcfe637c342816df0f1655cae');
  });
});
