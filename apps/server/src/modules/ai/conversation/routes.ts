import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessType } from '@acs/shared';
import { okData, table } from '../../../core/envelope';
import { acceptFormBodies, sendWorkbook } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { STAFF_CHANNEL, type StaffEvent } from '../runtime/events';
import { eventStreams, type EventStream } from '../runtime/sse';
import { closeConversation, handback, staffReply, takeover, type Staff } from '../runtime/transitions';
import { conversationExportQuery, conversationListQuery, conversationParams, replyBody } from './schema';
import { checkConversationScope, conversationScope, staffEventFilter } from './scope';
import { CONVERSATION_COLUMNS, conversationDetail, exportConversations, listConversations } from './service';

const TITLE = '在线会话';

/** 在线会话 (docs/ai-service.md §在线会话): the staff's view of live conversations. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  const openStream = eventStreams(app);
  type Request = Parameters<typeof requireSession>[0];
  const scopeOf = (request: Request, permission: string) => conversationScope(requireSession(request), permission);
  /** Takeover, reply, hand back and close act only on conversations in the actor's data scope. */
  const mayAct = (request: Request, conversationId: number) =>
    checkConversationScope(deps, requireSession(request), 'ai:conversation:reply', conversationId);
  const staffOf = (request: Request): Staff => {
    const session = requireSession(request);
    return { userId: session.userId, nickName: session.user.nickName || session.userName };
  };

  app.get('/ai/conversation/list', { config: guarded('ai:conversation:list'), schema: { summary: '查询会话列表', querystring: conversationListQuery } }, async (request) => {
    const page = await listConversations(deps, request.query, scopeOf(request, 'ai:conversation:list'));
    return table(page.rows, page.total);
  });

  app.post(
    '/ai/conversation/export',
    { config: guarded('ai:conversation:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出会话', body: conversationExportQuery.optional() } },
    async (request, reply) =>
      sendWorkbook(reply, '会话数据', CONVERSATION_COLUMNS, await exportConversations(deps, request.body ?? {}, scopeOf(request, 'ai:conversation:export'))),
  );

  app.get('/ai/conversation/stream', { config: guarded('ai:conversation:list'), schema: { summary: '订阅会话消息流' } }, async (request, reply) => {
    let stream: EventStream | null = null;
    const visible = staffEventFilter(deps, scopeOf(request, 'ai:conversation:list'));
    // Scope checks are asynchronous: chained, so events still go out in the order they were published.
    let delivered = Promise.resolve();
    const unsubscribe = deps.pubsub.subscribe(STAFF_CHANNEL, (published) => {
      // Events on this channel are published by the runtime only, in the StaffEvent shape.
      const event = published as StaffEvent;
      delivered = delivered
        .then(async () => {
          if (!(await visible(event))) return;
          const { type, ...data } = event;
          stream?.send(type, type === 'conversation' ? event.row : data);
        })
        .catch((err: unknown) => request.log.error({ err }, 'staff stream event not delivered'));
    });
    // Subscribed before the response starts: once the client sees the stream open, it misses nothing.
    await unsubscribe.ready;
    stream = openStream(reply);
    stream.onClose(unsubscribe);
  });

  app.get('/ai/conversation/:conversationId', { config: guarded('ai:conversation:query'), schema: { summary: '获取会话详情', params: conversationParams } }, async (request) => {
    await checkConversationScope(deps, requireSession(request), 'ai:conversation:query', request.params.conversationId);
    return okData(await conversationDetail(deps, request.params.conversationId));
  });

  app.post(
    '/ai/conversation/:conversationId/takeover',
    { config: guarded('ai:conversation:reply', TITLE, BusinessType.UPDATE), schema: { summary: '人工接管会话', params: conversationParams } },
    async (request) => {
      await mayAct(request, request.params.conversationId);
      return okData((await takeover(deps, request.params.conversationId, staffOf(request))).conversation);
    },
  );

  app.post(
    '/ai/conversation/:conversationId/reply',
    { config: guarded('ai:conversation:reply', TITLE, BusinessType.INSERT), schema: { summary: '人工回复会话', params: conversationParams, body: replyBody } },
    async (request) => {
      await mayAct(request, request.params.conversationId);
      const { rows } = await staffReply(deps, request.params.conversationId, staffOf(request), request.body.content);
      return okData(rows[rows.length - 1]);
    },
  );

  app.post(
    '/ai/conversation/:conversationId/handback',
    { config: guarded('ai:conversation:reply', TITLE, BusinessType.UPDATE), schema: { summary: '会话交还AI客服', params: conversationParams } },
    async (request) => {
      await mayAct(request, request.params.conversationId);
      return okData((await handback(deps, request.params.conversationId)).conversation);
    },
  );

  app.post(
    '/ai/conversation/:conversationId/close',
    { config: guarded('ai:conversation:reply', TITLE, BusinessType.UPDATE), schema: { summary: '结束会话', params: conversationParams } },
    async (request) => {
      await mayAct(request, request.params.conversationId);
      return okData((await closeConversation(deps, request.params.conversationId)).conversation);
    },
  );
};
