import { z } from 'zod';

/**
 * Webhook bodies (§2.2, §2.3): the envelope `{event, from_user_id, to_user_id, client_key, log_id, content}`
 * and the events the channel acts on. Ids may arrive as JSON numbers; they become strings (digits beyond
 * 2^53 are already lost by then, which is why the platform's documented examples quote them).
 */

const idText = z.union([z.string(), z.number().transform(String)]);
const id = idText.pipe(z.string().min(1).max(256));
const optionalText = z.union([z.string(), z.number().transform(String)]).optional();

/** `content` is an object in most payloads and a JSON string in some (§2.3): both are read. */
const content = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.issues.push({ code: 'custom', message: 'content is not JSON', input: value });
    return z.NEVER;
  }
}, z.record(z.string(), z.unknown()));

const envelope = z.object({
  event: z.string().min(1).max(128),
  client_key: z.string().max(128).optional(),
  from_user_id: optionalText,
  to_user_id: optionalText,
  log_id: optionalText,
  content: content.optional(),
});

const userInfo = z.object({
  open_id: id,
  nick_name: z.string().optional(),
  avatar: z.string().optional(),
});

/** 13-digit milliseconds (§2.3); a 10-digit value is read as seconds. */
const timestamp = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).transform((n) => new Date(n < 1e12 ? n * 1000 : n));

const receiveContent = z.object({
  conversation_short_id: id,
  server_message_id: id,
  conversation_type: z.coerce.number().int().optional(),
  message_type: z.string().min(1).max(64),
  source: z.string().optional(),
  create_time: timestamp.optional(),
  user_infos: z.array(userInfo).max(16).optional(),
  text: z.string().optional(),
});

const adInfo = z.object({
  adv_id: optionalText,
  adv_name: z.string().optional(),
  ad_id: optionalText,
  ad_name: z.string().optional(),
  creative_id: optionalText,
  promotion_id: optionalText,
});

const enterContent = z.object({
  conversation_short_id: id.optional(),
  create_time: timestamp.optional(),
  user_infos: z.array(userInfo).max(16).optional(),
  objectId: optionalText,
  scene_type: optionalText,
  'data-im-extra': z.string().optional(),
  ad_info: adInfo.optional(),
});

const challengeContent = z.object({ challenge: z.union([z.number(), z.string().max(128)]) });

export interface DouyinUser {
  openId: string;
  nickname: string;
  avatar: string;
}

interface EventBase {
  clientKey: string;
  /** The sender's open_id: the customer for a received message or an enter event. */
  fromUserId: string;
  /** The authorised enterprise account's open_id. */
  toUserId: string;
  logId?: string;
}

/** The authorised account received a private message (`im_receive_msg`). */
export interface DouyinMessageEvent extends EventBase {
  type: 'im_receive_msg';
  conversationId: string;
  serverMessageId: string;
  conversationType?: number;
  /** text, image, emoji, video, other, … (§2.3); only text carries words. */
  messageType: string;
  text: string | null;
  /** Our client_key when the message was sent through the API, empty when typed in the app (§2.3). */
  source: string;
  createdAt?: Date;
  users: DouyinUser[];
}

export interface DouyinAdInfo {
  advertiserId?: string;
  advertiserName?: string;
  adId?: string;
  adName?: string;
  creativeId?: string;
  promotionId?: string;
}

/** A user opened the DM page with the account, before typing (`im_enter_direct_msg`). */
export interface DouyinEnterEvent extends EventBase {
  type: 'im_enter_direct_msg';
  conversationId?: string;
  /** The video the user came from, when any. */
  objectId?: string;
  sceneType?: string;
  extra?: string;
  adInfo?: DouyinAdInfo;
  createdAt?: Date;
  users: DouyinUser[];
}

/** Any other event the app is subscribed to: reported, not acted on. */
export interface DouyinUnknownEvent extends EventBase {
  type: 'unknown';
  event: string;
}

export type DouyinEvent = DouyinMessageEvent | DouyinEnterEvent | DouyinUnknownEvent;

export type ParsedWebhookBody =
  | { type: 'verify_webhook'; challenge: number | string }
  | { type: 'event'; event: DouyinEvent }
  | { type: 'invalid' };

const usersOf = (infos: z.infer<typeof userInfo>[] | undefined): DouyinUser[] =>
  (infos ?? []).map((u) => ({ openId: u.open_id, nickname: u.nick_name ?? '', avatar: u.avatar ?? '' }));

const dropUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * A webhook body (already JSON-parsed) → what it is. Pure: the signature is checked before (webhook.ts).
 * A known event with a malformed content is `invalid`; an unknown event name is reported as `unknown`.
 */
export function parseWebhookBody(json: unknown): ParsedWebhookBody {
  const env = envelope.safeParse(json);
  if (!env.success) return { type: 'invalid' };
  const e = env.data;
  if (e.event === 'verify_webhook') {
    const c = challengeContent.safeParse(e.content);
    return c.success ? { type: 'verify_webhook', challenge: c.data.challenge } : { type: 'invalid' };
  }
  const base: EventBase = dropUndefined({ clientKey: e.client_key ?? '', fromUserId: e.from_user_id ?? '', toUserId: e.to_user_id ?? '', logId: e.log_id });
  if (e.event === 'im_receive_msg') {
    const c = receiveContent.safeParse(e.content);
    if (!c.success || !base.fromUserId || !base.toUserId) return { type: 'invalid' };
    const d = c.data;
    return {
      type: 'event',
      event: dropUndefined({
        type: 'im_receive_msg',
        ...base,
        conversationId: d.conversation_short_id,
        serverMessageId: d.server_message_id,
        conversationType: d.conversation_type,
        messageType: d.message_type,
        text: d.message_type === 'text' ? (d.text ?? '') : null,
        source: d.source ?? '',
        createdAt: d.create_time,
        users: usersOf(d.user_infos),
      }),
    };
  }
  if (e.event === 'im_enter_direct_msg') {
    const c = enterContent.safeParse(e.content ?? {});
    if (!c.success || !base.fromUserId || !base.toUserId) return { type: 'invalid' };
    const d = c.data;
    const ad = d.ad_info;
    return {
      type: 'event',
      event: dropUndefined({
        type: 'im_enter_direct_msg',
        ...base,
        conversationId: d.conversation_short_id,
        objectId: d.objectId,
        sceneType: d.scene_type,
        extra: d['data-im-extra'],
        adInfo: ad
          ? dropUndefined({ advertiserId: ad.adv_id, advertiserName: ad.adv_name, adId: ad.ad_id, adName: ad.ad_name, creativeId: ad.creative_id, promotionId: ad.promotion_id })
          : undefined,
        createdAt: d.create_time,
        users: usersOf(d.user_infos),
      }),
    };
  }
  return { type: 'event', event: { type: 'unknown', event: e.event, ...base } };
}
