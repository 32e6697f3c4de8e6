import { describe, expect, it } from 'vitest';
import { DOUYIN_REPLY_LIMITS } from '../../../src/infra/douyin/constants';
import { douyinLimits, windowRefusal } from '../../../src/modules/channel/douyin/limits';

describe('douyinLimits', () => {
  it('is the platform’s limits without overrides', () => {
    expect(douyinLimits({})).toEqual(DOUYIN_REPLY_LIMITS);
  });

  it('takes an app’s well-formed override per scene and ignores malformed ones', () => {
    const limits = douyinLimits({ reply: { windowMs: 3_600_000, maxMessages: 2 }, enter: { windowMs: -1, maxMessages: 3 }, proactive: 'x' });
    expect(limits.reply).toEqual({ windowMs: 3_600_000, maxMessages: 2 });
    expect(limits.enter).toEqual(DOUYIN_REPLY_LIMITS.enter);
    expect(limits.proactive).toEqual(DOUYIN_REPLY_LIMITS.proactive);
  });
});

describe('windowRefusal', () => {
  const now = 1_800_000_000_000;
  const enter = DOUYIN_REPLY_LIMITS.enter;

  it('lets a message go inside the window and under the cap', () => {
    expect(windowRefusal('enter', enter, { openedAt: now - 29_000, sentSoFar: 2 }, now)).toBeNull();
  });

  it('refuses after the enter window, and at the enter cap', () => {
    expect(windowRefusal('enter', enter, { openedAt: now - 31_000, sentSoFar: 0 }, now)).toBe('已超过抖音进入私信后的发送时限（30秒）');
    expect(windowRefusal('enter', enter, { openedAt: now, sentSoFar: 3 }, now)).toBe('已达抖音进入私信后的发送条数上限（3条）');
  });

  it('names a window in minutes or hours when it is whole', () => {
    expect(windowRefusal('reply', { windowMs: 600_000, maxMessages: 6 }, { openedAt: now - 600_001, sentSoFar: 0 }, now)).toBe('已超过抖音回复时限（客户最后一条消息后10分钟内可回复）');
  });
});
