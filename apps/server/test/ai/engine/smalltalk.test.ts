import { describe, expect, it } from 'vitest';
import { smallTalkOf, smallTalkRuleKind } from '../../../src/modules/ai/engine/smalltalk';

describe('smallTalkOf', () => {
  it.each([
    ['嗨嗨', 'greeting'],
    ['在吗亲', 'greeting'],
    ['早上好呀', 'greeting'],
    ['老板在不在？', 'greeting'],
    ['hello~', 'greeting'],
    ['医生在吗', 'greeting'],
    ['好的谢谢医生', 'thanks'],
    ['OK 多谢', 'thanks'],
    ['好的谢谢啦😊', 'thanks'],
    ['辛苦了！', 'thanks'],
    ['拜拜', 'bye'],
    ['没事了，再见', 'bye'],
    ['好嘞', 'ack'],
    ['嗯嗯 知道了', 'ack'],
  ])('%s is %s', (text, kind) => {
    expect(smallTalkOf(text)).toBe(kind);
  });

  it.each(['运费怎么算？谢谢', '你好，请问几点开门', '在吗，能开发票吗', '谢谢你们的衣服很好看但是有点小', '', '好'.repeat(61)])(
    '%j is not only small talk',
    (text) => {
      expect(smallTalkOf(text)).toBeNull();
    },
  );
});

describe('smallTalkRuleKind', () => {
  it('knows a rule by what it answers', () => {
    expect(smallTalkRuleKind((text) => /谢谢|感谢|多谢/.test(text))).toBe('thanks');
    expect(smallTalkRuleKind((text) => /^(你好|您好|在吗)$/.test(text))).toBe('greeting');
    expect(smallTalkRuleKind((text) => text.includes('运费'))).toBeNull();
  });
});
