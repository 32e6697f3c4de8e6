import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fail, ok } from '../../../core/envelope';
import { containsNul } from '../../../core/input-guards';
import { idParam } from '../../../core/list';
import { channelDouyinApp } from '../../../db/schema';
import { DOUYIN_WEBHOOK } from '../../../infra/douyin/constants';
import { handleWebhook, type WebhookRejection } from '../../../infra/douyin/webhook';
import { externalIdOf, kickInbox, storeDouyinEvent, touchLastWebhook } from './inbox';
import { findDouyinApp, openSecret, type DouyinAppRow } from './store';

export const WebhookMsg = {
  NO_APP: '抖音应用不存在或已停用',
  OTHER_APP: '事件不属于该抖音应用',
  INTERNAL: '事件未能保存，请稍后重试',
} as const;

/** HTTP status and message per refusal: the platform sees the status; nothing is stored for any of them. */
const REFUSALS: Record<WebhookRejection | 'no_app' | 'other_app', { status: number; msg: string }> = {
  too_large: { status: 413, msg: '请求数据过大' },
  missing_signature: { status: 401, msg: '缺少签名' },
  bad_signature: { status: 401, msg: '签名无效' },
  bad_body: { status: 400, msg: '请求数据格式错误' },
  no_app: { status: 404, msg: WebhookMsg.NO_APP },
  other_app: { status: 400, msg: WebhookMsg.OTHER_APP },
};

const parseJson = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** The body's client_key, read before the signature can be checked: only to find whose secret checks it. */
function clientKeyOf(raw: Buffer): string | null {
  const body = parseJson(raw);
  const key = body && typeof body === 'object' ? (body as { client_key?: unknown }).client_key : undefined;
  return typeof key === 'string' && key !== '' && key.length <= 64 ? key : null;
}

async function appByClientKey(deps: Parameters<typeof findDouyinApp>[0], raw: Buffer): Promise<DouyinAppRow | undefined> {
  const key = clientKeyOf(raw);
  if (!key) return undefined;
  const [row] = await deps.database.db.select().from(channelDouyinApp).where(eq(channelDouyinApp.clientKey, key)).limit(1);
  return row;
}

/**
 * The Douyin webhook receiver (docs/channels.md §Douyin: events and sending): anonymous, authenticated by the
 * app's signature over the raw body. An event is stored before the 200 and processed by the inbox workers;
 * refusals store nothing and are logged without the body. Not rate limited per address: every delivery
 * comes from the platform's few addresses, and a forged one costs a hash before it is refused.
 */
export const douyinWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // This plugin's routes read the bytes as sent: the signature is over them, not over a re-serialisation.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The platform reads HTTP statuses, not envelopes: a 200 would tell it an event was taken that was not.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.statusCode === 413 ? 413 : err.validation || (err.statusCode !== undefined && err.statusCode < 500) ? 400 : 500;
    if (status === 500) request.log.error({ err }, 'douyin webhook failed');
    else request.log.warn({ code: err.code, status }, 'douyin webhook refused');
    return reply.status(status).send(fail(status === 413 ? REFUSALS.too_large.msg : status === 400 ? REFUSALS.bad_body.msg : WebhookMsg.INTERNAL));
  });

  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: keyof typeof REFUSALS, appId: number | null) => {
    const { status, msg } = REFUSALS[reason];
    request.log.warn({ appId, reason, msgId: request.headers[DOUYIN_WEBHOOK.msgIdHeader] }, 'douyin webhook refused');
    return reply.status(status).send(fail(msg));
  };

  async function receive(request: FastifyRequest, reply: FastifyReply, findApp: (raw: Buffer) => Promise<DouyinAppRow | undefined>) {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const target = await findApp(raw);
    if (!target || target.status !== '0') return refuse(request, reply, 'no_app', target?.appId ?? null);
    const outcome = handleWebhook({
      rawBody: raw,
      signature: request.headers[DOUYIN_WEBHOOK.signatureHeader],
      msgId: request.headers[DOUYIN_WEBHOOK.msgIdHeader],
      clientSecret: openSecret(deps, target.clientSecret),
    });
    if (outcome.type === 'rejected') return refuse(request, reply, outcome.reason, target.appId);
    if (outcome.type === 'challenge') return reply.status(200).send(outcome.body);
    const { event } = outcome;
    if (event.clientKey && event.clientKey !== target.clientKey) return refuse(request, reply, 'other_app', target.appId);
    const payload = parseJson(raw);
    // PostgreSQL cannot store U+0000 in text or jsonb: such a body could never be kept.
    if (containsNul(payload)) return refuse(request, reply, 'bad_body', target.appId);
    const stored = await storeDouyinEvent(deps, { appId: target.appId, externalId: externalIdOf(outcome.msgId, raw), event, payload });
    await touchLastWebhook(deps, target.appId, event.toUserId);
    if (stored) app.backgroundTasks.track(kickInbox(deps).catch((err: unknown) => request.log.error({ err }, 'douyin inbox kick failed')));
    return reply.status(200).send(ok());
  }

  const route = { config: { access: 'anonymous' as const }, bodyLimit: DOUYIN_WEBHOOK.maxBodyBytes };

  app.post('/channel/douyin/webhook/:appId', { ...route, schema: { summary: '抖音事件推送（按应用）', params: z.object({ appId: idParam }) } }, (request, reply) =>
    receive(request, reply, () => findDouyinApp(deps, request.params.appId)),
  );

  // The URL without the app: the body's client_key names it (verify_webhook, whose client_key is empty, needs the other URL).
  app.post('/channel/douyin/webhook', { ...route, schema: { summary: '抖音事件推送' } }, (request, reply) => receive(request, reply, (raw) => appByClientKey(deps, raw)));
};
