import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okData } from '../../../core/envelope';
import { getDictDataByType } from './cache';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/dict/data/type/:dictType',
    { config: { access: 'authenticated' }, schema: { params: z.object({ dictType: z.string().max(100) }) } },
    async (request) => okData(await getDictDataByType(app.deps, request.params.dictType)),
  );
};
