import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { getDictDataByType, reloadDictCache } from './cache';
import { dictDataBody, dictDataExportQuery, dictDataListQuery, dictTypeBody, dictTypeExportQuery, dictTypeListQuery, dictTypeParams } from './schema';
import {
  allDictTypes,
  deleteDictTypes,
  DICT_TYPE_COLUMNS,
  exportDictTypes,
  getDictType,
  insertDictType,
  listDictTypes,
  updateDictType,
} from './type.service';
import { deleteDictData, DICT_DATA_COLUMNS, exportDictData, getDictData, insertDictData, listDictData, updateDictData } from './data.service';

const TYPE_TITLE = '字典类型';
const DATA_TITLE = '字典数据';

/** 字典管理 and 字典数据 (contract §3.8). */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get(
    '/system/dict/type/list',
    { config: guarded('system:dict:list'), schema: { summary: '查询字典类型列表', querystring: dictTypeListQuery } },
    async (request) => {
      const page = await listDictTypes(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/system/dict/type/export',
    { config: guarded('system:dict:export', TYPE_TITLE, BusinessType.EXPORT), schema: { summary: '导出字典类型', body: dictTypeExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '字典类型', DICT_TYPE_COLUMNS, await exportDictTypes(deps, request.body ?? {})),
  );

  app.get('/system/dict/type/optionselect', { config: { access: 'authenticated' }, schema: { summary: '查询字典类型选项' } }, async () => okData(await allDictTypes(deps)));

  app.delete('/system/dict/type/refreshCache', { config: guarded('system:dict:remove', TYPE_TITLE, BusinessType.CLEAN), schema: { summary: '刷新字典缓存' } }, async () => {
    await reloadDictCache(deps);
    return ok();
  });

  app.get(
    '/system/dict/type/:dictId',
    { config: guarded('system:dict:query'), schema: { summary: '获取字典类型详情', params: z.object({ dictId: idParam }) } },
    async (request) => okData(await getDictType(deps, request.params.dictId)),
  );

  app.post(
    '/system/dict/type',
    { config: guarded('system:dict:add', TYPE_TITLE, BusinessType.INSERT), schema: { summary: '新增字典类型', body: dictTypeBody } },
    async (request) => toAjax(await insertDictType(deps, request.body, requireSession(request).userName)),
  );

  app.put(
    '/system/dict/type',
    { config: guarded('system:dict:edit', TYPE_TITLE, BusinessType.UPDATE), schema: { summary: '修改字典类型', body: dictTypeBody } },
    async (request) => toAjax(await updateDictType(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/system/dict/type/:dictIds',
    { config: guarded('system:dict:remove', TYPE_TITLE, BusinessType.DELETE), schema: { summary: '删除字典类型', params: z.object({ dictIds: idList }) } },
    async (request) => toAjax(await deleteDictTypes(deps, request.params.dictIds)),
  );

  app.get(
    '/system/dict/data/type/:dictType',
    { config: { access: 'authenticated' }, schema: { summary: '按类型查询字典数据', params: dictTypeParams } },
    async (request) => okData(await getDictDataByType(deps, request.params.dictType)),
  );

  app.get(
    '/system/dict/data/list',
    { config: guarded('system:dict:list'), schema: { summary: '查询字典数据列表', querystring: dictDataListQuery } },
    async (request) => {
      const page = await listDictData(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/system/dict/data/export',
    { config: guarded('system:dict:export', DATA_TITLE, BusinessType.EXPORT), schema: { summary: '导出字典数据', body: dictDataExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '字典数据', DICT_DATA_COLUMNS, await exportDictData(deps, request.body ?? {})),
  );

  app.get(
    '/system/dict/data/:dictCode',
    { config: guarded('system:dict:query'), schema: { summary: '获取字典数据详情', params: z.object({ dictCode: idParam }) } },
    async (request) => okData(await getDictData(deps, request.params.dictCode)),
  );

  app.post(
    '/system/dict/data',
    { config: guarded('system:dict:add', DATA_TITLE, BusinessType.INSERT), schema: { summary: '新增字典数据', body: dictDataBody } },
    async (request) => toAjax(await insertDictData(deps, request.body, requireSession(request).userName)),
  );

  app.put(
    '/system/dict/data',
    { config: guarded('system:dict:edit', DATA_TITLE, BusinessType.UPDATE), schema: { summary: '修改字典数据', body: dictDataBody } },
    async (request) => toAjax(await updateDictData(deps, request.body, requireSession(request).userName)),
  );

  // Upstream logs data deletes under the type's title; kept so the operation log reads the same.
  app.delete(
    '/system/dict/data/:dictCodes',
    { config: guarded('system:dict:remove', TYPE_TITLE, BusinessType.DELETE), schema: { summary: '删除字典数据', params: z.object({ dictCodes: idList }) } },
    async (request) => toAjax(await deleteDictData(deps, request.params.dictCodes)),
  );
};
