import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { postBody, postExportQuery, postListQuery } from './schema';
import { allPosts, deletePosts, exportPosts, getPost, insertPost, listPosts, POST_COLUMNS, updatePost } from './service';

const TITLE = '岗位管理';

/** 岗位管理 (contract §3.7). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get(
    '/system/post/list',
    { config: guarded('system:post:list'), schema: { summary: '查询岗位列表', querystring: postListQuery } },
    async (request) => {
      const page = await listPosts(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/system/post/export',
    {
      config: guarded('system:post:export', TITLE, BusinessType.EXPORT),
      schema: { summary: '导出岗位', body: postExportQuery.optional() },
    },
    async (request, reply) => sendWorkbook(reply, '岗位数据', POST_COLUMNS, await exportPosts(deps, request.body ?? {})),
  );

  app.get('/system/post/optionselect', { config: { access: 'authenticated' }, schema: { summary: '查询岗位选项' } }, async () => okData(await allPosts(deps)));

  app.get(
    '/system/post/:postId',
    { config: guarded('system:post:query'), schema: { summary: '获取岗位详情', params: z.object({ postId: idParam }) } },
    async (request) => okData(await getPost(deps, request.params.postId)),
  );

  app.post(
    '/system/post',
    {
      config: guarded('system:post:add', TITLE, BusinessType.INSERT),
      schema: { summary: '新增岗位', body: postBody },
    },
    async (request) => toAjax(await insertPost(deps, request.body, requireSession(request).userName)),
  );

  app.put(
    '/system/post',
    {
      config: guarded('system:post:edit', TITLE, BusinessType.UPDATE),
      schema: { summary: '修改岗位', body: postBody },
    },
    async (request) => toAjax(await updatePost(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/system/post/:postIds',
    {
      config: guarded('system:post:remove', TITLE, BusinessType.DELETE),
      schema: { summary: '删除岗位', params: z.object({ postIds: idList }) },
    },
    async (request) => toAjax(await deletePosts(deps, request.params.postIds)),
  );
};
