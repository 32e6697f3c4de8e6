import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { randomUUID } from 'node:crypto';
import { RedisKv, type KvStore } from '../../../src/infra/kv';
import { consumeState, issueState, signLink, verifyLink } from '../../../src/modules/channel/douyin/links';
import { redisAvailable } from '../../helpers/kv';

let clock = Date.now();
const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'links-secret-links-secret-links-secret-01', ENCRYPTION_KEY: 'links-encryption-key-links-encryption-key' });
const deps = (kv: KvStore) => ({ config, kv, now: () => clock });

describe('signed Douyin links', () => {
  it('verify only for the purpose they were made for, until they expire', () => {
    const d = { config, now: () => clock };
    const { token, expiresTime } = signLink(d, { purpose: 'bind', appId: 3, agentId: 7 });
    expect(expiresTime.getTime()).toBe(clock + 30 * 60_000);
    expect(verifyLink(d, token, 'bind')).toMatchObject({ ok: true, claims: { purpose: 'bind', appId: 3, agentId: 7 } });
    expect(verifyLink(d, token, 'switch')).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLink(d, token, 'state')).toEqual({ ok: false, reason: 'invalid' });
    clock += 30 * 60_000;
    expect(verifyLink(d, token, 'bind')).toEqual({ ok: false, reason: 'expired' });
  });

  it('a link made under another secret, or altered in any way, is invalid', () => {
    const d = { config, now: () => clock };
    const { token } = signLink(d, { purpose: 'switch', appId: 3 });
    const elsewhere = { config: { ...config, jwtSecret: 'another-secret-another-secret-another-0' }, now: () => clock };
    expect(verifyLink(elsewhere, token, 'switch')).toEqual({ ok: false, reason: 'invalid' });
    const [body, mac] = token.split('.');
    const longer = Buffer.from(JSON.stringify({ purpose: 'switch', appId: 3, expiresAt: clock + 365 * 24 * 3600_000 })).toString('base64url');
    for (const bad of [`${longer}.${mac}`, `${body}.${mac.slice(0, -1)}`, `${body}.`, body, `${token}.x`, '', 'x'.repeat(600)]) {
      expect(verifyLink(d, bad, 'switch'), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe.skipIf(!redisAvailable)('one-time states in Redis (shared by every instance)', () => {
  // Two connections under one key prefix: two server instances sharing the Redis.
  const prefix = `test:${randomUUID()}:`;
  let kv: KvStore;
  let otherInstance: KvStore;
  beforeAll(async () => {
    kv = await RedisKv.connect(process.env.TEST_REDIS_URL as string, prefix);
    otherInstance = await RedisKv.connect(process.env.TEST_REDIS_URL as string, prefix);
  });
  afterAll(async () => {
    const keys = await kv.keys('');
    if (keys.length) await kv.del(...keys);
    await kv.close();
    await otherInstance.close();
  });

  it('of two callbacks with one state at once, exactly one gets it', async () => {
    const state = await issueState(deps(kv), { appId: 5, agentId: 9 });
    const results = await Promise.all([consumeState(deps(kv), state), consumeState(deps(otherInstance), state)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => r.ok)).toMatchObject({ claims: { purpose: 'state', appId: 5, agentId: 9 } });
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'expired' });
    expect(await consumeState(deps(kv), state)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a bind or switch link is no state', async () => {
    const { token } = signLink(deps(kv), { purpose: 'bind', appId: 5 });
    expect(await consumeState(deps(kv), token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
