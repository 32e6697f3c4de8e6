import type { ReplyMatchType } from '@acs/shared';
import { describe, expect, it } from 'vitest';
import { matchRule, validateRulePattern } from '../../../src/modules/ai/engine/rules';
import type { EngineRule } from '../../../src/modules/ai/engine/types';

let nextId = 1;
const rule = (matchType: ReplyMatchType, pattern: string, priority = 0, ruleId = nextId++): EngineRule => ({
  ruleId,
  matchType,
  pattern,
  reply: `reply-${ruleId}`,
  priority,
});

describe('matchRule: keyword', () => {
  const shipping = rule('keyword', '运费|邮费，包邮、快递费,Shipping');
  it.each(['你好，运费多少？', '包邮吗', '快递费怎么算', 'ＳＨＩＰＰＩＮＧ fee?', 'shipping'])('%s matches', (text) => {
    expect(matchRule([shipping], text)).toBe(shipping);
  });
  it.each(['怎么退货', '运 费', ''])('%j does not', (text) => {
    expect(matchRule([shipping], text)).toBeNull();
  });
});

describe('matchRule: exact', () => {
  const hello = rule('exact', '在吗');
  it.each(['在吗', '在吗？', '  在吗!!  ', '在吗。', '在吗~'])('%j matches', (text) => {
    expect(matchRule([hello], text)).toBe(hello);
  });
  it.each(['在吗 你好', '老板在吗', '在'])('%j does not', (text) => {
    expect(matchRule([hello], text)).toBeNull();
  });
  it('ignores case and full-width letters', () => {
    const ok = rule('exact', 'OK');
    expect(matchRule([ok], 'ｏｋ！')).toBe(ok);
  });
});

describe('matchRule: regex', () => {
  const order = rule('regex', '订单.*(到哪|物流)');
  it('matches case-insensitively on the message', () => {
    expect(matchRule([order], '我的订单现在到哪了')).toBe(order);
    expect(matchRule([rule('regex', '^vip\\d+$')], 'VIP123')?.pattern).toBe('^vip\\d+$');
  });
  it('sees full-width digits as digits', () => {
    const digits = rule('regex', '\\d{6}');
    expect(matchRule([digits], '验证码１２３４５６')).toBe(digits);
  });
  it('looks at the first 300 characters only (keyword rules see the whole message)', () => {
    const late = `${'请'.repeat(400)}订单到哪了`;
    expect(matchRule([rule('regex', '订单.*到哪')], late)).toBeNull();
    expect(matchRule([rule('regex', '订单.*到哪')], late.slice(-250))).not.toBeNull();
    expect(matchRule([rule('keyword', '订单')], late)).not.toBeNull();
  });
  it('never matches with an invalid or refused pattern, and the next rule still can', () => {
    const broken = rule('regex', '([a-z', 10);
    const nested = rule('regex', '(a+)+$', 9);
    const fine = rule('keyword', 'aaaa', 0);
    expect(matchRule([broken, nested, fine], 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')).toBe(fine);
  });
});

describe('matchRule: order', () => {
  it('takes the highest priority first, then the smaller id', () => {
    const low = rule('keyword', '价格', 1, 10);
    const high = rule('keyword', '价格', 5, 20);
    const highOlder = rule('keyword', '价', 5, 15);
    expect(matchRule([low, high, highOlder], '价格多少')).toBe(highOlder);
    expect(matchRule([low, high], '价格多少')).toBe(high);
  });
  it('returns null without rules', () => {
    expect(matchRule([], '价格')).toBeNull();
  });
});

describe('validateRulePattern', () => {
  it.each<[ReplyMatchType, string, string | null]>([
    ['keyword', '运费|邮费', null],
    ['keyword', ' | ，、 ', '关键词不能为空'],
    ['exact', '在吗？', null],
    ['exact', '？？', '匹配内容不能为空'],
    ['regex', '^\\d{11}$', null],
    ['regex', '   ', '正则表达式不能为空'],
    ['regex', '.*', '正则表达式不合法：会匹配任何消息'],
  ])('%s %j → %j', (type, pattern, message) => {
    expect(validateRulePattern(type, pattern)).toBe(message);
  });
  it('explains an invalid regular expression', () => {
    expect(validateRulePattern('regex', '([a-z')).toMatch(/^正则表达式不合法：/);
  });
  it.each([
    '(a+)+$',
    '(\\d*)*x',
    '((ab)+c)+',
    '(?:a|aa)*b',
    '(x?){5}y',
    '(a+){2,}',
  ])('refuses the exponential shape %s', (pattern) => {
    expect(validateRulePattern('regex', pattern)).toBe('正则表达式不合法：不支持嵌套的重复（如 (a+)+），请简化');
  });

  it.each(['\\d+\\d+\\d+x', '.*a.*b.*c', '\\d{1,50}\\d{1,50}\\d{1,50}x'])('refuses three wide repetitions: %s', (pattern) => {
    expect(validateRulePattern('regex', pattern)).toBe('正则表达式不合法：最多使用2个不限次数的重复（*、+、{n,}），请简化');
  });

  it.each(['订单.*(到哪|物流)', '(退货|退款)?怎么办', '^1[3-9]\\d{9}$', '(ab){2,3}c', '[+*(]{2}x', '\\(a+\\)+', '(?<year>\\d{4})年'])(
    'accepts the ordinary pattern %s',
    (pattern) => expect(validateRulePattern('regex', pattern)).toBeNull(),
  );

  it('refuses long patterns', () => {
    expect(validateRulePattern('regex', 'a'.repeat(201))).toBe('正则表达式不能超过200个字符');
    expect(validateRulePattern('regex', 'a'.repeat(200))).toBeNull();
  });
});
