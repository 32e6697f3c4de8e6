import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okData } from '../../../core/envelope';
import { guarded } from '../../../core/route-config';
import { statementsQuery } from './schema';
import { dbActivity, dbOverview, dbStatements, dbTables } from './service';

const PERM = 'monitor:druid:list';

/** 数据监控: database, connections, slowest statements and table sizes, read-only. */
export const druidRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/monitor/druid/overview', { config: guarded(PERM), schema: { summary: '获取数据库监控概览' } }, async () => okData(await dbOverview(deps)));
  app.get('/monitor/druid/activity', { config: guarded(PERM), schema: { summary: '查询数据库活动连接' } }, async () => okData(await dbActivity(deps)));
  app.get('/monitor/druid/statements', { config: guarded(PERM), schema: { summary: '查询SQL语句统计', querystring: statementsQuery } }, async (request) =>
    okData(await dbStatements(deps, request.query)),
  );
  app.get('/monitor/druid/tables', { config: guarded(PERM), schema: { summary: '查询数据表统计' } }, async () => okData(await dbTables(deps)));
};
