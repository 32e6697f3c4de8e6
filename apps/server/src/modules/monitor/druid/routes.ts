import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okData } from '../../../core/envelope';
import { guarded } from '../../../core/route-config';
import { statementsQuery } from './schema';
import { dbActivity, dbOverview, dbStatements, dbTables } from './service';

const PERM = 'monitor:druid:list';

/** 数据监控: database, connections, slowest statements and table sizes, read-only. */
export const druidRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/monitor/druid/overview', { config: guarded(PERM) }, async () => okData(await dbOverview(deps)));
  app.get('/monitor/druid/activity', { config: guarded(PERM) }, async () => okData(await dbActivity(deps)));
  app.get('/monitor/druid/statements', { config: guarded(PERM), schema: { querystring: statementsQuery } }, async (request) =>
    okData(await dbStatements(deps, request.query)),
  );
  app.get('/monitor/druid/tables', { config: guarded(PERM) }, async () => okData(await dbTables(deps)));
};
