import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okData } from '../../../core/envelope';
import { requireSession, sessionsOfUser, type LoginSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { eventStreams, SSE_PING_MS, type EventStream } from '../../ai/runtime/sse';
import { maySeePhone } from '../mask';
import { leadChannel, type LeadAssignedEvent } from './announce';
import { bindNotifyRunner } from './background';
import { forViewer } from './notices';
import { leadSummary } from './summary';

const PERMISSION = 'crm:lead:list';

/** 线索通知 (docs/crm.md §Notifications): the signed-in user's own lead events, live and summed up. */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  bindNotifyRunner(app);
  const openStream = eventStreams(app);

  /** Read without extending it: an open stream alone must not keep an idle session alive. */
  const sessionAlive = async (session: LoginSession) => (await sessionsOfUser(deps, session.userId)).some((s) => s.tokenId === session.tokenId);

  app.get('/crm/notify/summary', { config: guarded(PERMISSION), schema: { summary: '获取待办提醒汇总' } }, async (request) => {
    const session = requireSession(request);
    return okData(await leadSummary(deps, session.userId, maySeePhone(session)));
  });

  app.get('/crm/notify/stream', { config: guarded(PERMISSION), schema: { summary: '订阅待办提醒流' } }, async (request, reply) => {
    const session = requireSession(request);
    const showPhone = maySeePhone(session);
    let stream: EventStream | null = null;
    // The session is checked before every event and every ping interval, so a logout, a force logout
    // or an expiry ends the stream and nothing reaches a signed-out user.
    let checked = Promise.resolve();
    const whileSignedIn = (then: () => void) => {
      checked = checked
        .then(async () => {
          if (!stream || stream.closed) return;
          if (await sessionAlive(session)) then();
          // Ending the response closes the stream (its cleanups included); the client's reconnect is refused.
          else reply.raw.end();
        })
        .catch((err: unknown) => request.log.error({ err }, 'lead stream event not delivered'));
    };
    const unsubscribe = deps.pubsub.subscribe(leadChannel(session.userId), (published) => {
      // Published by announceAssignments only, in this shape.
      const { userId, lead } = published as LeadAssignedEvent;
      whileSignedIn(() => stream?.send('lead-assigned', { userId, lead: forViewer(lead, showPhone) }));
    });
    await unsubscribe.ready;
    stream = openStream(reply);
    const check = setInterval(() => whileSignedIn(() => undefined), SSE_PING_MS);
    stream.onClose(() => {
      clearInterval(check);
      unsubscribe();
    });
  });
};
