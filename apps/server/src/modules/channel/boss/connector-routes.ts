import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CONNECTOR_MAX_BODY_BYTES } from '@acs/shared';
import { fail, okData } from '../../../core/envelope';
import { ServiceError } from '../../../core/errors';
import { containsNul, ILLEGAL_CHARACTER_MESSAGE } from '../../../core/input-guards';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../../core/json-depth';
import { channelBossAccount } from '../../../db/schema';
import { kvRateLimitStore } from '../../auth/rate-limit';
import { applyProfile, jobByExternalId } from './candidates';
import { accountByKey, type ConnectorAccount } from './connector-account';
import { tooLarge, verifyConnectorRequest } from './connector-auth';
import { unsealConnectorSecret } from './connector-key';
import { ackBody, healthBody, messagesBody, profileBody, repliesQuery } from './connector-schema';
import { greetNewCandidate } from './greeting';
import { receiveMessages } from './inbound';
import { withinRunWindow } from './limits';
import { ackReplies, pollReplies } from './replies';

/** Requests per verified key and minute: a client polling and pushing busily uses a fraction of it. */
export const CONNECTOR_REQUESTS_PER_KEY = 240;
/** Requests per client address and minute, counted before anything is verified (floods of forgeries). */
export const CONNECTOR_REQUESTS_PER_IP = 600;
const WINDOW_MS = 60_000;

export const ConnectorMsg = {
  RATE_LIMITED: '请求过于频繁，请稍后再试',
  BAD_JSON: '请求体不是有效的JSON',
} as const;

/** The KvStore counter of a key's requests in the minute starting at `windowStart` (tests fill it to hit the limit). */
export const keyRateCounter = (keyId: string, windowStart: number) => `channel:boss:rate:${keyId}:${windowStart}`;

const accounts = new WeakMap<FastifyRequest, ConnectorAccount>();

function accountOf(request: FastifyRequest): ConnectorAccount {
  const account = accounts.get(request);
  // The preHandler below runs for every route of this plugin; reaching here without it is a wiring fault.
  if (!account) throw new Error('connector request without an authenticated account');
  return account;
}

/** The raw body as JSON checked by `schema`; a ServiceError with the first Chinese message otherwise. */
function bodyOf<T extends z.ZodType>(request: FastifyRequest, schema: T): z.infer<T> {
  const text = (request.body as Buffer | undefined)?.toString('utf8') ?? '';
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) throw new ServiceError('请求数据嵌套层级过深');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServiceError(ConnectorMsg.BAD_JSON);
  }
  // The app's guard saw only bytes here; the parsed body gets the same NUL check.
  if (containsNul(json)) throw new ServiceError(ILLEGAL_CHARACTER_MESSAGE);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ServiceError(parsed.error.issues[0]?.message ?? ConnectorMsg.BAD_JSON);
  return parsed.data;
}

/**
 * The BOSS直聘 connector API (docs/channels.md §BOSS直聘: accounts, connector API and limits): anonymous
 * routes authenticated by the HMAC signature over the bytes exactly as received, so this plugin keeps
 * bodies raw (its own catch-all parser) and parses JSON only after the signature checked out. Every
 * refusal (signature, replay, size, rate) happens before anything is stored.
 */
export const bossConnectorRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // The body limit stops an oversized body before the signature check sees it; the client gets the
  // same 413 the check gives (a machine client reads the status). Anything else goes to the app's handler.
  app.setErrorHandler((err: FastifyError, _request, reply) => {
    if (err.statusCode !== 413) throw err;
    const refusal = tooLarge(CONNECTOR_MAX_BODY_BYTES);
    return reply.status(refusal.status).send(fail(refusal.message, refusal.status));
  });

  await app.register(rateLimit, {
    global: false,
    store: kvRateLimitStore(deps, 'bossConnector'),
    keyGenerator: (request: FastifyRequest) => request.clientIp,
    errorResponseBuilder: () => new ServiceError(ConnectorMsg.RATE_LIMITED, 429),
  });

  async function overKeyLimit(keyId: string): Promise<boolean> {
    const now = deps.now();
    const windowStart = now - (now % WINDOW_MS);
    return (await deps.kv.incr(keyRateCounter(keyId, windowStart), WINDOW_MS)) > CONNECTOR_REQUESTS_PER_KEY;
  }

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    let found: Awaited<ReturnType<typeof accountByKey>>;
    const result = await verifyConnectorRequest(
      { method: request.method, url: request.raw.url ?? '', headers: request.headers, rawBody: (request.body as Buffer | undefined) ?? Buffer.alloc(0) },
      {
        kv: deps.kv,
        now: deps.now,
        maxBodyBytes: CONNECTOR_MAX_BODY_BYTES,
        findSecret: async (keyId) => {
          found = await accountByKey(deps, keyId);
          return found ? unsealConnectorSecret(deps.config.encryptionKey, found.sealedSecret) : null;
        },
      },
    );
    if (!result.ok) {
      // The reason and route only: never the body, the signature or the secret.
      request.log.warn({ reason: result.reason, url: request.routeOptions.url }, 'boss connector request refused');
      return reply.status(result.status).send(fail(result.message, result.status));
    }
    if (await overKeyLimit(result.keyId)) return reply.status(429).send(fail(ConnectorMsg.RATE_LIMITED, 429));
    if (found) accounts.set(request, found.account);
  }

  const route = { access: 'anonymous' as const, rateLimit: { max: CONNECTOR_REQUESTS_PER_IP, timeWindow: WINDOW_MS } };
  const options = { config: route, bodyLimit: CONNECTOR_MAX_BODY_BYTES, preHandler: authenticate };

  app.post('/channel/boss/connector/health', { ...options, schema: { summary: 'BOSS连接器心跳' } }, async (request) => {
    const account = accountOf(request);
    const body = bodyOf(request, healthBody);
    await deps.database.db
      .update(channelBossAccount)
      .set({ sessionHealth: body.health, healthDetail: body.detail ?? '', lastSeenTime: new Date(deps.now()) })
      .where(eq(channelBossAccount.accountId, account.accountId));
    // What the client should do next: nothing is handed out while paused or outside the window.
    return okData({ accountId: account.accountId, paused: account.paused, withinWindow: withinRunWindow(account.runConfig, deps.now()), runConfig: account.runConfig });
  });

  app.post('/channel/boss/connector/messages', { ...options, schema: { summary: 'BOSS连接器上报消息' } }, async (request) => {
    const { messages } = bodyOf(request, messagesBody);
    return okData({ results: await receiveMessages({ ...deps, log: request.log }, accountOf(request), messages) });
  });

  app.post('/channel/boss/connector/profile', { ...options, schema: { summary: 'BOSS连接器上报候选人资料' } }, async (request) => {
    const account = accountOf(request);
    const body = bodyOf(request, profileBody);
    const job = await jobByExternalId(deps, account.accountId, body.jobId);
    const { candidate, created, leadId } = await applyProfile(deps, account, body, job?.jobId ?? null);
    await greetNewCandidate(deps, account, { created, candidate }, job);
    return okData({ candidateId: candidate.bossUid, customerId: candidate.customerId, jobId: candidate.jobId, exchangeStatus: candidate.exchangeStatus, leadId });
  });

  // Waiting polls end at shutdown instead of holding it up to MAX_WAIT_SECONDS.
  const polls = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const poll of polls) poll.abort();
  });

  app.get('/channel/boss/connector/replies', { ...options, schema: { summary: 'BOSS连接器拉取待发回复' } }, async (request, reply) => {
    const parsed = repliesQuery.safeParse(request.query);
    if (!parsed.success) throw new ServiceError(parsed.error.issues[0]?.message ?? '参数错误');
    const gone = new AbortController();
    polls.add(gone);
    reply.raw.on('close', () => gone.abort());
    try {
      return okData({ replies: await pollReplies(deps, accountOf(request), parsed.data.wait, gone.signal) });
    } finally {
      polls.delete(gone);
    }
  });

  app.post('/channel/boss/connector/ack', { ...options, schema: { summary: 'BOSS连接器确认回复已发送' } }, async (request) => {
    const { results } = bodyOf(request, ackBody);
    return okData({ results: await ackReplies(deps, accountOf(request).accountId, results) });
  });
};
