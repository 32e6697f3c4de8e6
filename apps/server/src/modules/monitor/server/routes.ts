import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okData } from '../../../core/envelope';
import { guarded } from '../../../core/route-config';
import { LoopDelayMonitor, serverInfo } from './service';

/** 服务监控 (contract §3.11, §5.12). */
export const serverRoutes: FastifyPluginAsyncZod = async (app) => {
  const loop = new LoopDelayMonitor();
  app.addHook('onClose', async () => loop.stop());

  app.get('/monitor/server', { config: guarded('monitor:server:list'), schema: { summary: '获取服务器信息' } }, async () => okData(await serverInfo(loop)));
};
