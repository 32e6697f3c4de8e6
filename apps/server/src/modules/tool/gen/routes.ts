import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType, Code } from '@acs/shared';
import { ok, okData, okMsg, table, toAjax } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { ServiceError } from '../../../core/errors';
import { listDbTables } from './catalog';
import { generateFiles, previewTable } from './code';
import { sendZip, writeFiles, zipFiles } from './output';
import { batchQuery, createTableBody, createTableQuery, dbListQuery, genCodeQuery, genListQuery, genTableBody, importTableQuery, tableNameParams } from './schema';
import { createTables, importTables } from './import';
import { deleteGenTables, genColumns, genTableDetail, listGenTables, updateGenTable } from './service';
import { synchDb } from './sync';

const TITLE = '代码生成';
const tableIdParams = z.object({ tableId: idParam });

/** 代码生成 (contract §3.13, §5.14): RuoYi's endpoints, generating this project's own stack. */
export const genRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { config } = deps;

  app.get('/tool/gen/list', { config: guarded('tool:gen:list'), schema: { summary: '查询代码生成列表', querystring: genListQuery } }, async (request) => {
    const page = await listGenTables(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/tool/gen/db/list', { config: guarded('tool:gen:list'), schema: { summary: '查询可导入的数据库表', querystring: dbListQuery } }, async (request) => {
    const page = await listDbTables(deps.database.db, request.query);
    return table(page.rows, page.total);
  });

  app.get('/tool/gen/settings', { config: guarded('tool:gen:list'), schema: { summary: '查询代码生成设置' } }, async () =>
    okData({ writeToTree: config.genWriteToTree }),
  );

  app.get('/tool/gen/column/:tableId', { config: guarded('tool:gen:list'), schema: { summary: '查询表字段列表', params: tableIdParams } }, async (request) => {
    const rows = await genColumns(deps, request.params.tableId);
    return table(rows, rows.length);
  });

  app.get('/tool/gen/:tableId', { config: guarded('tool:gen:query'), schema: { summary: '获取代码生成配置', params: tableIdParams } }, async (request) =>
    okData(await genTableDetail(deps, request.params.tableId)),
  );

  app.post(
    '/tool/gen/importTable',
    { config: guarded('tool:gen:import', TITLE, BusinessType.IMPORT), schema: { summary: '导入表结构', querystring: importTableQuery } },
    async (request) => {
      await importTables(deps, request.query.tables, requireSession(request).userName, request.query.tplWebType);
      return ok();
    },
  );

  app.post(
    '/tool/gen/createTable',
    {
      config: { access: { role: 'admin' }, operLog: { title: '创建表', businessType: BusinessType.OTHER } },
      schema: { summary: '创建表结构（仅管理员）', querystring: createTableQuery, body: createTableBody },
    },
    async (request) => {
      const sql = (request.body?.sql ?? request.query.sql ?? '').trim();
      if (!sql) throw new ServiceError('请输入建表语句');
      await createTables(deps, sql, requireSession(request).userName, request.query.tplWebType);
      return okMsg('创建表结构成功');
    },
  );

  app.put('/tool/gen', { config: guarded('tool:gen:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改代码生成配置', body: genTableBody } }, async (request) =>
    toAjax(await updateGenTable(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/tool/gen/:tableIds',
    { config: guarded('tool:gen:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除代码生成配置', params: z.object({ tableIds: idList }) } },
    async (request) => {
      await deleteGenTables(deps, request.params.tableIds);
      return ok();
    },
  );

  app.get('/tool/gen/preview/:tableId', { config: guarded('tool:gen:preview'), schema: { summary: '预览生成代码', params: tableIdParams } }, async (request) =>
    okData(await previewTable(deps, request.params.tableId)),
  );

  app.get(
    '/tool/gen/download/:tableName',
    { config: guarded('tool:gen:code', TITLE, BusinessType.GENCODE), schema: { summary: '下载生成代码（zip）', params: tableNameParams } },
    async (request, reply) => sendZip(reply, zipFiles(await generateFiles(deps, [request.params.tableName]))),
  );

  app.get(
    '/tool/gen/batchGenCode',
    { config: guarded('tool:gen:code', TITLE, BusinessType.GENCODE), schema: { summary: '批量下载生成代码（zip）', querystring: batchQuery } },
    async (request, reply) => sendZip(reply, zipFiles(await generateFiles(deps, request.query.tables))),
  );

  app.get(
    '/tool/gen/genCode/:tableName',
    {
      config: guarded('tool:gen:code', TITLE, BusinessType.GENCODE),
      schema: { summary: '生成代码到源码目录（仅开发环境）', params: tableNameParams, querystring: genCodeQuery },
    },
    async (request) => {
      if (!config.genWriteToTree) throw new ServiceError('【系统预设】不允许生成文件覆盖到本地');
      const files = await generateFiles(deps, [request.params.tableName]);
      const result = await writeFiles(config.genRoot, files, request.query.overwrite ?? false);
      if ('existing' in result) {
        return { code: Code.WARN, msg: `以下文件已存在，确认覆盖后重新生成：${result.existing.join('、')}`, data: { existing: result.existing } };
      }
      return okData({ written: result.written });
    },
  );

  app.get(
    '/tool/gen/synchDb/:tableName',
    { config: guarded('tool:gen:edit', TITLE, BusinessType.UPDATE), schema: { summary: '同步数据库表结构', params: tableNameParams } },
    async (request) => {
      await synchDb(deps, request.params.tableName, requireSession(request).userName);
      return ok();
    },
  );
};
