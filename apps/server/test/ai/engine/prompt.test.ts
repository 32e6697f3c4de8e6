import { DEFAULT_LEAD_GOAL, MAX_REFERENCES } from '@acs/shared';
import { describe, expect, it } from 'vitest';
import { buildModelMessages, isNoAnswer, NO_ANSWER_MARKER } from '../../../src/modules/ai/engine/prompt';
import type { ChatMessage, KnowledgeHit } from '../../../src/modules/ai/engine/types';
import { agent, KNOWLEDGE } from './fixtures';

const variables = { shop: '星光家居', agent_name: '小美' };
const hits: KnowledgeHit[] = [...KNOWLEDGE, { knowledgeId: 14, question: '可以开发票吗', similarQuestions: [], answer: '可以开电子发票。' }].map(
  (entry, i) => ({ entry, score: 0.9 - i * 0.1 }),
);
const history: ChatMessage[] = Array.from({ length: 12 }, (_, i) => ({
  role: i % 2 === 0 ? 'user' : 'assistant',
  content: `第${i + 1}条`,
}));

describe('buildModelMessages', () => {
  it('renders the system prompt first and ends with the customer message', () => {
    const messages = buildModelMessages(agent(), [], [], variables, '你好');
    expect(messages).toHaveLength(2);
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content.startsWith('你是星光家居的客服小美。\n\n')).toBe(true);
    expect(messages[1]).toEqual({ role: 'user', content: '你好' });
  });

  it('makes the settings, variables and references the only source of facts, with the marker when they hold none', () => {
    const [system] = buildModelMessages(agent(), [], hits, variables, '运费');
    expect(system?.content).toContain('不得编造');
    expect(system?.content).toContain(`只回复 ${NO_ANSWER_MARKER}`);
    expect(system?.content).toContain('已知信息：\n- shop：星光家居\n- agent_name：小美');
    const [empty] = buildModelMessages(agent(), [], [], variables, '你们招人吗');
    expect(empty?.content).toContain(`只回复 ${NO_ANSWER_MARKER}`);
    expect(empty?.content).toContain('参考资料（知识库中与客户问题最接近的条目，可能并不相关；不相关时不要使用）：\n（无）');
  });

  it('leaves blank variables out of the known facts', () => {
    const [system] = buildModelMessages(agent(), [], [], { shop: '星光家居', customer_name: ' ' }, '你好');
    expect(system?.content).toContain('- shop：星光家居');
    expect(system?.content).not.toContain('customer_name');
  });

  it('falls back to a default persona with the agent name when the prompt is blank', () => {
    const [system] = buildModelMessages(agent({ systemPrompt: '  ' }), [], [], variables, '你好');
    expect(system?.content).toContain('小美');
  });

  it('adds at most MAX_REFERENCES knowledge hits as reference material, in order, answers rendered', () => {
    const more = Array.from({ length: MAX_REFERENCES + 1 - hits.length }, (_, i) => ({
      entry: { knowledgeId: 100 + i, question: `第${i + 1}个补充问题`, similarQuestions: [], answer: '补充答案' },
      score: 0.4 - i * 0.01,
    }));
    const all = [...hits, ...more];
    const [system] = buildModelMessages(agent(), [], all, variables, '运费');
    expect(system?.content).toContain('参考资料');
    expect(system?.content).toContain('[1] 问：运费怎么算');
    expect(system?.content).toContain('问：运费怎么算\n答：满99元包邮，星光家居不满99元运费8元。');
    expect(system?.content).toContain(`[${MAX_REFERENCES}] 问：${all[MAX_REFERENCES - 1]?.entry.question}`);
    expect(system?.content).not.toContain(`问：${all[MAX_REFERENCES]?.entry.question}`);
  });

  it('keeps only the last historyMessages earlier messages, never system notes', () => {
    const withNote: ChatMessage[] = [...history.slice(0, 10), { role: 'system', content: '已转人工' }, ...history.slice(10)];
    const messages = buildModelMessages(agent({ params: { ...agent().params, historyMessages: 4 } }), withNote, [], variables, '新问题');
    expect(messages.map((m) => m.content)).toEqual([messages[0]?.content, '第9条', '第10条', '第11条', '第12条', '新问题']);
    const none = buildModelMessages(agent({ params: { ...agent().params, historyMessages: 0 } }), history, [], variables, '新问题');
    expect(none).toHaveLength(2);
  });

  it('asks the model to collect the missing lead fields when the goal is on', () => {
    const goal = { ...DEFAULT_LEAD_GOAL, enabled: true, fields: ['phone' as const, 'wechat' as const] };
    const [system] = buildModelMessages(agent({ leadGoal: goal }), [], [], variables, '你好');
    expect(system?.content).toContain('手机号、微信号');
    const [done] = buildModelMessages(agent({ leadGoal: goal }), [], [], variables, '你好', []);
    expect(done?.content).not.toContain('手机号');
    const [off] = buildModelMessages(agent(), [], [], variables, '你好');
    expect(off?.content).not.toContain('手机号');
  });
});

describe('isNoAnswer', () => {
  it('recognises the marker alone, however wrapped', () => {
    for (const text of [NO_ANSWER_MARKER, `  ${NO_ANSWER_MARKER}\n`, `「${NO_ANSWER_MARKER}」。`, '【无法回答】', '无法回答']) expect(isNoAnswer(text)).toBe(true);
  });

  it('does not take an answer that mentions it for the marker', () => {
    for (const text of ['', '满99元包邮。', '抱歉，无法回答这个问题，请联系人工', `${NO_ANSWER_MARKER}满99元包邮`]) expect(isNoAnswer(text)).toBe(false);
  });
});
