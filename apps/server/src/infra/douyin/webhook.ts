import { createHash, timingSafeEqual } from 'node:crypto';
import { DOUYIN_WEBHOOK } from './constants';
import { parseWebhookBody, type DouyinEvent } from './events';

/** `X-Douyin-Signature` (§2.2 [doc]): hex sha1 over the client secret followed by the raw body bytes. */
export function webhookSignature(clientSecret: string, rawBody: Buffer): string {
  return createHash('sha1').update(clientSecret, 'utf8').update(rawBody).digest('hex');
}

const SHA1_HEX = /^[0-9a-fA-F]{40}$/;

/** A header as Node gives it: absent, one value, or several (a repeated header is refused, not guessed). */
type HeaderValue = string | string[] | undefined;

const single = (h: HeaderValue): string | undefined => (Array.isArray(h) ? (h.length === 1 ? h[0] : undefined) : h);

/**
 * Compares the header with the expected signature in constant time: both sides are decoded to 20 bytes
 * first, so timingSafeEqual always compares equal lengths and a malformed header fails before it.
 */
export function verifyWebhookSignature(clientSecret: string, rawBody: Buffer, header: HeaderValue): boolean {
  const given = single(header)?.trim();
  // Without a secret anyone could sign: an app not configured yet accepts nothing.
  if (!clientSecret || !given || !SHA1_HEX.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(webhookSignature(clientSecret, rawBody), 'hex'));
}

export type WebhookRejection = 'too_large' | 'missing_signature' | 'bad_signature' | 'bad_body';

export type WebhookOutcome =
  /** Refused: nothing may be stored; the route answers 413 / 401 / 400 and logs without the body. */
  | { type: 'rejected'; reason: WebhookRejection }
  /** `verify_webhook`: answer 200 with `body` as JSON text (§2.2). */
  | { type: 'challenge'; body: { challenge: number | string } }
  /** An authentic event: `msgId` (header `Msg-Id`, the same across the platform's retries) is the de-duplication key. */
  | { type: 'event'; msgId: string | null; event: DouyinEvent };

export interface WebhookRequest {
  rawBody: Buffer;
  signature: HeaderValue;
  msgId: HeaderValue;
  clientSecret: string;
  maxBodyBytes?: number;
}

/**
 * One webhook delivery → what to do with it. Order matters: the size before any hashing, the signature
 * before any parsing, so a forged or oversized body costs nothing and reveals nothing. The platform signs
 * `verify_webhook` too (the vendor's own signing example is one), so the challenge is answered only when signed.
 */
export function handleWebhook(req: WebhookRequest): WebhookOutcome {
  if (req.rawBody.length > (req.maxBodyBytes ?? DOUYIN_WEBHOOK.maxBodyBytes)) return { type: 'rejected', reason: 'too_large' };
  if (req.signature === undefined || (typeof req.signature === 'string' && req.signature.trim() === '')) return { type: 'rejected', reason: 'missing_signature' };
  if (!verifyWebhookSignature(req.clientSecret, req.rawBody, req.signature)) return { type: 'rejected', reason: 'bad_signature' };
  let json: unknown;
  try {
    json = JSON.parse(req.rawBody.toString('utf8'));
  } catch {
    return { type: 'rejected', reason: 'bad_body' };
  }
  const parsed = parseWebhookBody(json);
  switch (parsed.type) {
    case 'invalid':
      return { type: 'rejected', reason: 'bad_body' };
    case 'verify_webhook':
      return { type: 'challenge', body: { challenge: parsed.challenge } };
    case 'event': {
      const msgId = single(req.msgId)?.trim();
      return { type: 'event', msgId: msgId ? msgId.slice(0, 256) : null, event: parsed.event };
    }
  }
}
