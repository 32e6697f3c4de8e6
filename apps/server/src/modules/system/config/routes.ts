import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okMsg } from '../../../core/envelope';
import { getConfigValue } from './service';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  // The value travels in `msg` with no `data` key (upstream's success(String) overload).
  app.get(
    '/system/config/configKey/:configKey',
    { config: { access: 'authenticated' }, schema: { params: z.object({ configKey: z.string().max(100) }) } },
    async (request) => okMsg(await getConfigValue(app.deps, request.params.configKey)),
  );
};
