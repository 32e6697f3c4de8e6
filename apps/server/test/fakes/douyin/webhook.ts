import { createHash, randomBytes } from 'node:crypto';

/**
 * How the platform delivers webhooks (reference §2.2): JSON POST, `X-Douyin-Signature` = hex sha1(client
 * secret + raw body), `Msg-Id` the same across retries, the connection cut after 5 s, 3 retries. The
 * signature is computed here on its own (not with the server's helper) so tests check one against the other.
 */
export const PLATFORM_TIMEOUT_MS = 5_000;
export const PLATFORM_RETRIES = 3;

export const signBody = (clientSecret: string, body: string) => createHash('sha1').update(clientSecret + body, 'utf8').digest('hex');

export type SignatureMode = 'valid' | 'bad' | 'missing' | 'short';

export interface PushOptions {
  clientSecret: string;
  /** Default: a fresh id per push. Pass the same id to play a duplicate delivery. */
  msgId?: string;
  signature?: SignatureMode;
  /** Per attempt, like the platform's 5 s. */
  timeoutMs?: number;
}

export interface PushResult {
  msgId: string;
  /** null when the attempt timed out or could not connect. */
  status: number | null;
  body: string;
}

const newMsgId = () => randomBytes(12).toString('hex');

function signatureHeader(mode: SignatureMode, secret: string, body: string): Record<string, string> {
  switch (mode) {
    case 'valid':
      return { 'x-douyin-signature': signBody(secret, body) };
    case 'bad':
      return { 'x-douyin-signature': signBody(`${secret}x`, body) };
    case 'short':
      return { 'x-douyin-signature': signBody(secret, body).slice(0, 20) };
    case 'missing':
      return {};
  }
}

/** One delivery attempt of `body` (a string is sent byte for byte; an object is serialised once). */
export async function pushWebhook(url: string, body: string | object, opts: PushOptions): Promise<PushResult> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const msgId = opts.msgId ?? newMsgId();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'msg-id': msgId, ...signatureHeader(opts.signature ?? 'valid', opts.clientSecret, raw) },
      body: raw,
      signal: AbortSignal.timeout(opts.timeoutMs ?? PLATFORM_TIMEOUT_MS),
    });
    return { msgId, status: res.status, body: await res.text() };
  } catch {
    return { msgId, status: null, body: '' };
  }
}

/**
 * Delivers like the platform: the first attempt, then up to 3 retries with the same Msg-Id while the answer
 * is not a 200 within the timeout. Returns every attempt.
 */
export async function deliverWebhook(url: string, body: string | object, opts: PushOptions & { retries?: number }): Promise<PushResult[]> {
  const msgId = opts.msgId ?? newMsgId();
  const attempts: PushResult[] = [];
  for (let i = 0; i <= (opts.retries ?? PLATFORM_RETRIES); i++) {
    const result = await pushWebhook(url, body, { ...opts, msgId });
    attempts.push(result);
    if (result.status === 200) break;
  }
  return attempts;
}

/** Delivers the same signed event `times` times with one Msg-Id, as a platform retry after a lost answer looks. */
export async function pushDuplicates(url: string, body: string | object, opts: PushOptions & { times: number }): Promise<PushResult[]> {
  const msgId = opts.msgId ?? newMsgId();
  const out: PushResult[] = [];
  for (let i = 0; i < opts.times; i++) out.push(await pushWebhook(url, body, { ...opts, msgId }));
  return out;
}

export interface EventParty {
  clientKey: string;
  /** The customer. */
  fromUserId: string;
  /** The authorised enterprise account. */
  toUserId: string;
  nickname?: string;
  avatar?: string;
}

let counter = 0;
const nextId = () => `${Date.now()}${String(++counter).padStart(4, '0')}`;

const userInfos = (p: EventParty) => [{ open_id: p.fromUserId, nick_name: p.nickname ?? '抖音用户', avatar: p.avatar ?? '' }];

/** The URL check the platform sends when the webhook address is saved. */
export const verifyWebhookEvent = (challenge: number) => ({ event: 'verify_webhook', client_key: '', content: { challenge } });

/** `im_receive_msg` (reference §2.3); `contentAsString` plays the payloads whose content is a JSON string. */
export function receiveMessageEvent(
  p: EventParty & { text?: string; messageType?: string; conversationId?: string; serverMessageId?: string; contentAsString?: boolean; createTime?: number },
) {
  const content = {
    conversation_short_id: p.conversationId ?? `conv-${p.toUserId}-${p.fromUserId}`,
    server_message_id: p.serverMessageId ?? nextId(),
    conversation_type: 1,
    message_type: p.messageType ?? 'text',
    source: '',
    create_time: p.createTime ?? Date.now(),
    user_infos: userInfos(p),
    ...(p.text !== undefined ? { text: p.text } : {}),
  };
  return {
    event: 'im_receive_msg',
    client_key: p.clientKey,
    from_user_id: p.fromUserId,
    to_user_id: p.toUserId,
    log_id: nextId(),
    content: p.contentAsString ? JSON.stringify(content) : content,
  };
}

/** `im_enter_direct_msg` (reference §2.3), with ad attribution when `adId` is given. */
export function enterDirectMessageEvent(p: EventParty & { conversationId?: string; objectId?: string; adId?: string }) {
  return {
    event: 'im_enter_direct_msg',
    client_key: p.clientKey,
    from_user_id: p.fromUserId,
    to_user_id: p.toUserId,
    log_id: nextId(),
    content: {
      conversation_short_id: p.conversationId ?? `conv-${p.toUserId}-${p.fromUserId}`,
      create_time: Date.now(),
      user_infos: userInfos(p),
      scene_type: '1',
      ...(p.objectId ? { objectId: p.objectId } : {}),
      ...(p.adId ? { ad_info: { adv_id: '1001', adv_name: '测试广告主', ad_id: p.adId, ad_name: '测试广告', creative_id: '2001', promotion_id: '3001' } } : {}),
    },
  };
}
