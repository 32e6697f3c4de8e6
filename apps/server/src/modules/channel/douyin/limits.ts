import { z } from 'zod';
import { DOUYIN_REPLY_LIMITS, DOUYIN_SCENES } from '../../../infra/douyin/constants';
import type { DouyinScene } from '../../../infra/douyin/im';

export interface SceneLimit {
  windowMs: number;
  maxMessages: number;
}

export type DouyinLimits = Record<DouyinScene, SceneLimit>;

const override = z.object({ windowMs: z.number().int().positive(), maxMessages: z.number().int().positive() });

/**
 * The platform's windows and caps (DOUYIN_REPLY_LIMITS) with the app's overrides (channel_douyin_app.reply_limits,
 * keyed by scene name: reply, enter, proactive). A malformed override is ignored rather than trusted: the
 * platform's own numbers are the safe side.
 */
export function douyinLimits(overrides: Record<string, unknown>): DouyinLimits {
  const limits: DouyinLimits = { ...DOUYIN_REPLY_LIMITS };
  for (const scene of Object.keys(DOUYIN_SCENES) as DouyinScene[]) {
    const parsed = override.safeParse(overrides[scene]);
    if (parsed.success) limits[scene] = parsed.data;
  }
  return limits;
}

const duration = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000}小时` : ms % 60_000 === 0 ? `${ms / 60_000}分钟` : `${Math.ceil(ms / 1000)}秒`);

export const LimitReason = {
  NO_CUSTOMER_MESSAGE: '客户尚未发来消息，抖音只允许回复客户的消息',
  NO_DOUYIN_CONVERSATION: '未找到该客户的抖音会话，无法回复',
  replyWindow: (limit: SceneLimit) => `已超过抖音回复时限（客户最后一条消息后${duration(limit.windowMs)}内可回复）`,
  replyCap: (limit: SceneLimit) => `已达抖音回复条数上限（每条客户消息最多回复${limit.maxMessages}条）`,
  enterWindow: (limit: SceneLimit) => `已超过抖音进入私信后的发送时限（${duration(limit.windowMs)}）`,
  enterCap: (limit: SceneLimit) => `已达抖音进入私信后的发送条数上限（${limit.maxMessages}条）`,
} as const;

/** What a send may rely on: when the scene's window opened and how many messages went out in it. */
export interface WindowFacts {
  /** When the customer's message (reply) or the enter event (enter) arrived. */
  openedAt: number;
  sentSoFar: number;
}

/** Why the message may not go out now under `scene`'s window and cap, or null when it may. */
export function windowRefusal(scene: 'reply' | 'enter', limit: SceneLimit, facts: WindowFacts, now: number): string | null {
  if (now - facts.openedAt > limit.windowMs) return scene === 'reply' ? LimitReason.replyWindow(limit) : LimitReason.enterWindow(limit);
  if (facts.sentSoFar >= limit.maxMessages) return scene === 'reply' ? LimitReason.replyCap(limit) : LimitReason.enterCap(limit);
  return null;
}
