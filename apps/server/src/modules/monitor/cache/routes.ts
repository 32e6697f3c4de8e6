import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData } from '../../../core/envelope';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { cacheKeyParam, cacheNameParam } from './schema';
import { cacheKeys, cacheNames, cacheOverview, cacheValue, clearCacheAll, clearCacheKey, clearCacheName } from './service';

const PERM = 'monitor:cache:list';
const TITLE = '缓存列表';

/**
 * 缓存监控 and 缓存列表 (contract §3.11, §5.11). Full keys travel in a wildcard segment: it may hold
 * `/` (which the RuoYi client does not encode) and is not cut at the router's 100-character param limit.
 */
export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/monitor/cache', { config: guarded(PERM), schema: { summary: '获取缓存监控信息' } }, async () => okData(await cacheOverview(deps)));

  app.get('/monitor/cache/getNames', { config: guarded(PERM), schema: { summary: '查询缓存名称列表' } }, async () => okData(cacheNames()));

  app.get(
    '/monitor/cache/getKeys/:cacheName',
    { config: guarded(PERM), schema: { summary: '查询缓存键名列表', params: z.object({ cacheName: cacheNameParam }) } },
    async (request) => {
      const { keys, complete } = await cacheKeys(deps, request.params.cacheName);
      // `truncated` is ours: the list stops at MAX_LISTED_KEYS.
      return { ...okData(keys), truncated: !complete };
    },
  );

  app.get(
    '/monitor/cache/getValue/:cacheName/*',
    { config: guarded(PERM), schema: { summary: '获取缓存内容', params: z.object({ cacheName: cacheNameParam, '*': cacheKeyParam }) } },
    async (request) => okData(await cacheValue(deps, request.params.cacheName, request.params['*'])),
  );

  app.delete(
    '/monitor/cache/clearCacheName/:cacheName',
    { config: guarded(PERM, TITLE, BusinessType.CLEAN), schema: { summary: '清理指定名称的缓存', params: z.object({ cacheName: cacheNameParam }) } },
    async (request) => {
      await clearCacheName(deps, requireSession(request), request.params.cacheName);
      return ok();
    },
  );

  app.delete(
    '/monitor/cache/clearCacheKey/*',
    { config: guarded(PERM, TITLE, BusinessType.DELETE), schema: { summary: '清理指定键名的缓存', params: z.object({ '*': cacheKeyParam }) } },
    async (request) => {
      await clearCacheKey(deps, requireSession(request), request.params['*']);
      return ok();
    },
  );

  app.delete('/monitor/cache/clearCacheAll', { config: guarded(PERM, TITLE, BusinessType.CLEAN), schema: { summary: '清理全部缓存' } }, async (request) => {
    await clearCacheAll(deps, requireSession(request));
    return ok();
  });
};
