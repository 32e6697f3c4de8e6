import { describe, expect, it } from 'vitest';
import { candidatesText, fieldsText, hitCandidates, hitText } from './hitText';

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

describe('hitText of clarify, smalltalk and grounded answers', () => {
  const candidates = [
    { id: 41, name: '运费怎么算', score: 0.474 },
    { id: 42, name: '退货运费谁出', score: 0.41 },
    { id: 43, name: '发什么快递', score: 0.3 },
  ];

  it('counts the candidates of a clarify and lists them with their scores for the details', () => {
    expect(hitText({ type: 'clarify', candidates })).toBe('澄清：候选 3 条');
    expect(hitText({ type: 'clarify', candidates: candidates.slice(0, 2) })).toBe('澄清：候选 2 条');
    expect(hitCandidates({ type: 'clarify', candidates })).toBe(candidates);
    expect(candidatesText(candidates)).toBe('1. 运费怎么算 0.47 · 2. 退货运费谁出 0.41 · 3. 发什么快递 0.30');
  });

  it('names a greeting or thanks as 寒暄', () => {
    expect(hitText({ type: 'smalltalk', name: 'thanks' })).toBe('寒暄');
  });

  it('names the entries a model answer stood on', () => {
    const refs = candidates.slice(0, 2);
    expect(hitText({ type: 'model', refs })).toBe('模型 · 依据：运费怎么算、退货运费谁出');
    expect(hitText({ type: 'model', name: 'qwen-plus', refs })).toBe('模型 qwen-plus · 依据：运费怎么算、退货运费谁出');
    expect(hitText({ type: 'model', name: 'qwen-plus', refs: [] })).toBe('模型 qwen-plus');
    expect(hitCandidates({ type: 'model', refs })).toBe(refs);
    expect(hitCandidates({ type: 'knowledge', id: 1, name: '运费怎么算', score: 0.9 })).toEqual([]);
  });

  it('says when the model found no answer in the knowledge it was given', () => {
    expect(hitText({ type: 'fallback', error: 'no_answer:运费怎么算' })).toBe('兜底（模型：资料中没有答案）');
    expect(hitText({ type: 'fallback', error: 'no_answer:' })).toBe('兜底（模型：资料中没有答案）');
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
