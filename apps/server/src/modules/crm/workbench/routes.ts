import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../../core/auth';
import { okData } from '../../../core/envelope';
import { workbench } from './service';

/**
 * 工作台 (docs/crm.md §Notifications): any signed-in user; each part of the answer only with the
 * permission of the screen it stands for.
 */
export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('/crm/workbench', { config: { access: 'authenticated' }, schema: { summary: '获取工作台数据' } }, async (request) => okData(await workbench(deps, requireSession(request))));
};
