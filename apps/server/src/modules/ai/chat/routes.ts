import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ok, okData } from '../../../core/envelope';
import { ServiceError } from '../../../core/errors';
import { kvRateLimitStore } from '../../auth/rate-limit';
import { acceptCustomerMessage, answerInBackground } from '../runtime/turn';
import { requestHandoff } from '../runtime/transitions';
import { eventStreams } from '../runtime/sse';
import { contactBody, messageBody, sessionBody, streamQuery, visitorBody } from './schema';
import { openSession, submitContact } from './service';
import { followConversation } from './stream';
import { visitorConversation } from './visitor';

/** Per client IP: far above a person typing, far below a script flooding the agent. */
export const CHAT_LIMITS = {
  messages: { max: 20, timeWindow: 10_000 },
  sessions: { max: 30, timeWindow: 60_000 },
} as const;

const TOO_MANY = '操作过于频繁，请稍后再试';

const anonymous = (limit?: { max: number; timeWindow: number }) => ({ access: 'anonymous' as const, ...(limit ? { rateLimit: limit } : {}) });

/** The public chat (docs/ai-service.md §Public chat): anonymous, visitor-token checked, rate limited. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(rateLimit, {
    global: false,
    store: kvRateLimitStore(deps, 'chat'),
    // One counter per route and IP: sending messages does not use up the session allowance.
    keyGenerator: (request: FastifyRequest) => `${request.routeOptions.url ?? ''}:${request.clientIp}`,
    errorResponseBuilder: () => new ServiceError(TOO_MANY),
  });
  const openStream = eventStreams(app);
  const client = (request: FastifyRequest) => ({ ip: request.clientIp, userAgent: request.headers['user-agent'] ?? '' });

  app.post('/chat/session', { config: anonymous(CHAT_LIMITS.sessions), schema: { summary: '访客开始会话', body: sessionBody } }, async (request) =>
    okData(await openSession(deps, request.body, client(request))),
  );

  app.get('/chat/stream', { config: anonymous(), schema: { summary: '访客订阅会话消息流', querystring: streamQuery } }, async (request, reply) => {
    const { conversationId, visitorToken, after } = request.query;
    const conversation = await visitorConversation(deps, conversationId, visitorToken);
    // The browser's own reconnect names the last event it received; it wins over the page's `after`.
    const lastEventId = Number(request.headers['last-event-id']);
    const from = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : (after ?? 0);
    const stream = openStream(reply);
    await followConversation(deps, stream, conversation, from);
  });

  app.post('/chat/message', { config: anonymous(CHAT_LIMITS.messages), schema: { summary: '访客发送消息', body: messageBody } }, async (request) => {
    const { conversationId, visitorToken, clientMsgId, content } = request.body;
    const conversation = await visitorConversation(deps, conversationId, visitorToken);
    const accepted = await acceptCustomerMessage(deps, { conversationId, content, clientMsgId, conversation });
    // The answer (possibly a model streaming for seconds) arrives on the stream, not in this response.
    if (!accepted.duplicate) app.backgroundTasks.track(answerInBackground({ ...deps, log: request.log }, accepted));
    return okData({ seq: accepted.message.seq, messageId: accepted.message.messageId, duplicate: accepted.duplicate });
  });

  app.post('/chat/handoff', { config: anonymous(CHAT_LIMITS.messages), schema: { summary: '访客请求转人工', body: visitorBody } }, async (request) => {
    const conversation = await visitorConversation(deps, request.body.conversationId, request.body.visitorToken);
    return okData(await requestHandoff(deps, conversation));
  });

  app.post('/chat/contact', { config: anonymous(CHAT_LIMITS.messages), schema: { summary: '访客留下联系方式', body: contactBody } }, async (request) => {
    const conversation = await visitorConversation(deps, request.body.conversationId, request.body.visitorToken);
    await submitContact(deps, conversation, request.body);
    return ok();
  });
};
