import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok, okData } from '../../../core/envelope';
import { guarded } from '../../../core/route-config';
import { anonymous, limitAnonymousRoutes } from '../apply/anonymous';
import { homeContent } from './schema';
import { readHome, saveHome } from './service';

/** Per client IP: every visit of /home reads it once. */
const READ_LIMIT = { max: 120, timeWindow: 60_000 };

/**
 * The /home landing page's content: read by anyone (the page itself, and the console's 首页配置 editor),
 * saved by those holding crm:apply:site.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await limitAnonymousRoutes(app, 'site');

  app.get('/crm/site/home', { config: anonymous(READ_LIMIT), schema: { summary: '获取官网首页配置' } }, async () => okData(await readHome(deps)));

  app.put('/crm/site/home', { config: guarded('crm:apply:site', '首页配置', BusinessType.UPDATE), schema: { summary: '修改官网首页配置', body: homeContent } }, async (request) => {
    await saveHome(deps, request.body, requireSession(request).userName);
    return ok();
  });
};
