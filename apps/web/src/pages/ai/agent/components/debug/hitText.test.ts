import { describe, expect, it } from 'vitest';
import { fieldsText, hitText } from './hitText';

describe('hitText', () => {
  it('names the rule, knowledge entry (with score) or model that answered', () => {
    expect(hitText({ type: 'rule', id: 12, name: '价格|多少钱' })).toBe('规则 #12 「价格|多少钱」');
    expect(hitText({ type: 'knowledge', id: 3, name: '营业时间？', score: 0.876 })).toBe('知识 「营业时间？」 相似度 0.88');
    expect(hitText({ type: 'model', name: 'gpt-4o-mini' })).toBe('模型 gpt-4o-mini');
  });

  it('shows why the fallback answered and why a conversation went to staff', () => {
    expect(hitText({ type: 'fallback' })).toBe('兜底');
    expect(hitText({ type: 'fallback', error: '模型请求超时' })).toBe('兜底（模型请求超时）');
    expect(hitText({ type: 'handoff', name: '关键词：投诉' })).toBe('转人工：关键词：投诉');
    expect(hitText({ type: 'leadAsk' })).toBe('留资询问');
    expect(hitText(null)).toBe('');
  });
});

describe('fieldsText', () => {
  it('labels each found field and marks masked numbers', () => {
    expect(
      fieldsText([
        { field: 'phone', value: '13800138000' },
        { field: 'wechat', value: 'abc_123' },
        { field: 'phone', value: '138****5678', masked: true },
      ]),
    ).toBe('手机号 13800138000 · 微信号 abc_123 · 手机号 138****5678（打码）');
  });
});
