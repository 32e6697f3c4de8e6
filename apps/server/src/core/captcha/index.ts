import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@acs/shared';
import type { KvStore } from '../../infra/kv';
import { CacheKey } from '../cache-keys';
import { createChallenge } from './challenge';
import { renderCaptcha } from './render';

export const CaptchaMsg = {
  EXPIRED: '验证码已失效',
  WRONG: '验证码错误',
} as const;

export interface IssuedCaptcha {
  /** 32 hex characters, the key the client sends back with its answer. */
  uuid: string;
  /** Base64 PNG without a data: prefix (the client adds one). */
  img: string;
}

export async function issueCaptcha(kv: KvStore): Promise<IssuedCaptcha> {
  const { text, answer } = createChallenge();
  const uuid = randomUUID().replaceAll('-', '');
  await kv.set(CacheKey.CAPTCHA_CODES + uuid, answer, CAPTCHA_TTL_MS);
  return { uuid, img: renderCaptcha(text).toString('base64') };
}

/**
 * Consumes the stored answer (one attempt per captcha) and returns the contract's failure message,
 * or null when the answer is right.
 */
export async function checkCaptcha(kv: KvStore, code: string, uuid: string): Promise<string | null> {
  const answer = await kv.take<string>(CacheKey.CAPTCHA_CODES + uuid);
  if (answer === null) return CaptchaMsg.EXPIRED;
  return answer.toLowerCase() === code.trim().toLowerCase() ? null : CaptchaMsg.WRONG;
}
