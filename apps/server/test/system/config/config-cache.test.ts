import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { sysConfig } from '../../../src/db/schema';
import { CONFIG_CACHE_TTL_MS } from '../../../src/modules/system/config/service';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { redisAvailable } from '../../helpers/kv';
import { call } from '../../common/support';

/**
 * Issue 8 item 10: sys_config values edited in the database reach the cache at the next start, and
 * 刷新缓存 on one instance serves every instance sharing the store. A second app built on the same
 * database and store stands for a restarted or second instance.
 */
const API = '/prod-api';
const KEY = 'sys.user.initPassword';
const cacheKey = `sys_config:${KEY}`;

function suite(backend: 'memory' | 'redis') {
  describe(`config cache (${backend} store)`, () => {
    let t: TestApp;
    let other: FastifyInstance | null = null;

    const setInDatabase = (value: string) =>
      t.deps.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, KEY));
    const valueOn = async (app: FastifyInstance, who: LoggedIn) =>
      (await call(app, { method: 'GET', url: `${API}/system/config/configKey/${KEY}`, headers: who.headers })).msg;
    const startAnother = async () => {
      await other?.close();
      other = await buildApp(t.deps, { logger: false });
      await other.ready();
      return other;
    };

    beforeAll(async () => {
      t = await createTestApp({ redis: backend === 'redis' });
    });
    afterAll(async () => {
      await other?.close();
    });

    it('a start reloads the cache, so values edited in the database are picked up', async () => {
      const admin = await loginAs(t.app, 'admin', 'admin123');
      expect(await valueOn(t.app, admin)).toBe('123456');
      await setInDatabase('edited-in-db');
      expect(await valueOn(t.app, admin)).toBe('123456');
      const restarted = await startAnother();
      expect(await valueOn(restarted, admin)).toBe('edited-in-db');
      expect(await valueOn(t.app, admin)).toBe('edited-in-db');
    });

    it('刷新缓存 on one instance is seen by the other', async () => {
      const second = await startAnother();
      const admin = await loginAs(t.app, 'admin', 'admin123');
      await setInDatabase('after-refresh');
      expect(await call(t.app, { method: 'DELETE', url: `${API}/system/config/refreshCache`, headers: admin.headers })).toEqual({ code: 200, msg: '操作成功' });
      expect(await valueOn(second, admin)).toBe('after-refresh');
    });

    it('cached values expire, as a safety net for edits made behind the application', async () => {
      const admin = await loginAs(t.app, 'admin', 'admin123');
      await valueOn(t.app, admin);
      const ttl = await t.deps.kv.ttl(cacheKey);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(CONFIG_CACHE_TTL_MS);
      expect(await t.deps.kv.ttl('sys_config:sys.index.skinName')).toBeGreaterThan(0);
    });

    if (backend === 'memory') {
      it('an expired value is read again from the table', async () => {
        await setInDatabase('behind-the-app');
        t.advance(CONFIG_CACHE_TTL_MS + 1);
        expect(await valueOn(t.app, await loginAs(t.app, 'admin', 'admin123'))).toBe('behind-the-app');
      });
    }
  });
}

suite('memory');
if (redisAvailable) suite('redis');
