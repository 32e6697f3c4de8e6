import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okData } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { hasPermi, requireSession } from '../../../core/auth';
import { getNotice, listTopNotices, markNoticesRead } from './service';

/** The top-bar part of notices: latest notices with read state, marking read, and the detail dialog. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const auth = { access: 'authenticated' } as const;

  app.get('/system/notice/listTop', { config: auth }, async (request) => {
    const notices = await listTopNotices(deps, requireSession(request).userId);
    return ok({ data: notices, unreadCount: notices.filter((n) => !n.isRead).length });
  });

  app.post(
    '/system/notice/markRead',
    { config: auth, schema: { querystring: z.object({ noticeId: idParam }) } },
    async (request) => {
      await markNoticesRead(deps, requireSession(request).userId, [request.query.noticeId]);
      return ok();
    },
  );

  app.post(
    '/system/notice/markReadAll',
    { config: auth, schema: { querystring: z.object({ ids: idList }) } },
    async (request) => {
      await markNoticesRead(deps, requireSession(request).userId, request.query.ids);
      return ok();
    },
  );

  // Any signed-in user may open a notice from the top bar (contract §3.10: auth, not system:notice:query),
  // but closed notices stay with the staff who manage notices.
  app.get(
    '/system/notice/:noticeId',
    { config: auth, schema: { params: z.object({ noticeId: idParam }) } },
    async (request) => {
      const notice = await getNotice(deps, request.params.noticeId);
      const managesNotices = hasPermi(requireSession(request), 'system:notice:query');
      return okData(notice && (notice.status === '0' || managesNotices) ? notice : null);
    },
  );
};
