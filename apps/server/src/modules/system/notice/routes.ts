import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { hasPermi, requireSession } from '../../../core/auth';
import { noticeBody, noticeListQuery, readUsersQuery } from './schema';
import {
  deleteNotices,
  getNotice,
  insertNotice,
  listNotices,
  listReadUsers,
  listTopNotices,
  markNoticesRead,
  updateNotice,
} from './service';

const TITLE = '通知公告';

/** 通知公告 (contract §3.10): management for staff, plus the top-bar part every signed-in user sees. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const auth = { access: 'authenticated' } as const;

  app.get(
    '/system/notice/list',
    { config: { access: { permission: 'system:notice:list' } }, schema: { summary: '查询通知公告列表', querystring: noticeListQuery } },
    async (request) => {
      const page = await listNotices(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.get(
    '/system/notice/readUsers/list',
    { config: { access: { permission: 'system:notice:list' } }, schema: { summary: '查询公告已读用户', querystring: readUsersQuery } },
    async (request) => {
      const page = await listReadUsers(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/system/notice',
    {
      config: { access: { permission: 'system:notice:add' }, operLog: { title: TITLE, businessType: BusinessType.INSERT } },
      schema: { summary: '新增通知公告', body: noticeBody },
    },
    async (request) => toAjax(await insertNotice(deps, request.body, requireSession(request).userName)),
  );

  app.put(
    '/system/notice',
    {
      config: { access: { permission: 'system:notice:edit' }, operLog: { title: TITLE, businessType: BusinessType.UPDATE } },
      schema: { summary: '修改通知公告', body: noticeBody },
    },
    async (request) => toAjax(await updateNotice(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/system/notice/:noticeIds',
    {
      config: { access: { permission: 'system:notice:remove' }, operLog: { title: TITLE, businessType: BusinessType.DELETE } },
      schema: { summary: '删除通知公告', params: z.object({ noticeIds: idList }) },
    },
    async (request) => toAjax(await deleteNotices(deps, request.params.noticeIds)),
  );

  app.get('/system/notice/listTop', { config: auth, schema: { summary: '查询首页公告' } }, async (request) => {
    const notices = await listTopNotices(deps, requireSession(request).userId);
    return ok({ data: notices, unreadCount: notices.filter((n) => !n.isRead).length });
  });

  app.post(
    '/system/notice/markRead',
    { config: auth, schema: { summary: '标记公告已读', querystring: z.object({ noticeId: idParam }) } },
    async (request) => {
      await markNoticesRead(deps, requireSession(request).userId, [request.query.noticeId]);
      return ok();
    },
  );

  app.post(
    '/system/notice/markReadAll',
    { config: auth, schema: { summary: '全部公告标记已读', querystring: z.object({ ids: idList }) } },
    async (request) => {
      await markNoticesRead(deps, requireSession(request).userId, request.query.ids);
      return ok();
    },
  );

  // Any signed-in user may open a notice from the top bar (contract §3.10: auth, not system:notice:query),
  // but closed notices stay with the staff who manage notices.
  app.get(
    '/system/notice/:noticeId',
    { config: auth, schema: { summary: '获取通知公告详情', params: z.object({ noticeId: idParam }) } },
    async (request) => {
      const notice = await getNotice(deps, request.params.noticeId);
      const managesNotices = hasPermi(requireSession(request), 'system:notice:query');
      return okData(notice && (notice.status === '0' || managesNotices) ? notice : null);
    },
  );
};
