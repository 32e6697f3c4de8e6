import { DEFAULT_BUSINESS_HOURS, DEFAULT_LEAD_GOAL, MAX_REFERENCES, UNFAMILIAR_DIRECT_MIN, type AgentLeadGoal } from '@acs/shared';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_ACK_HIT_NAME,
  CONTACT_ACK_TEXT,
  DECLINE_ACK_TEXT,
  LEAD_ASK_HIT_NAME,
  LEAD_THANKS_HIT_NAME,
  decide,
  planTurn,
} from '../../../src/modules/ai/engine/plan';
import { KnowledgeIndex } from '../../../src/modules/ai/engine/retrieval';
import type { EngineRule, TurnPlan } from '../../../src/modules/ai/engine/types';
import { agent, index, input, MONDAY_10AM, state } from './fixtures';

const THANKS: EngineRule = { ruleId: 9, matchType: 'keyword', pattern: '谢谢|感谢|多谢', reply: '不客气', priority: 0 };

const leadGoal = (overrides: Partial<AgentLeadGoal> = {}): AgentLeadGoal => ({
  ...DEFAULT_LEAD_GOAL,
  enabled: true,
  fields: ['phone'],
  askAfterTurns: 2,
  askText: '{{shop}}可以为您免费出方案，方便留个手机号吗？',
  thanksText: '谢谢，顾问稍后联系您。',
  ...overrides,
});
const withLead = (overrides: Partial<AgentLeadGoal> = {}) => agent({ leadGoal: leadGoal(overrides) });

const textOf = (plan: TurnPlan) => (plan.kind === 'model' ? null : plan.text);

/** The plan, which must be one that asks the model. */
function modelPlanOf(plan: TurnPlan): Extract<TurnPlan, { kind: 'model' }> {
  if (plan.kind !== 'model') throw new Error(`expected a model plan, got ${plan.kind}`);
  return plan;
}

describe('planTurn: what answers', () => {
  it('a reply rule wins over a knowledge entry that also matches', () => {
    const plan = planTurn(input('优惠券怎么用'), index);
    expect(plan).toMatchObject({ kind: 'reply', text: '星光家居本周全场九折。', hit: { type: 'rule', id: 1, name: '优惠|折扣' } });
    expect(plan.next.failures).toBe(0);
  });

  it('a knowledge entry above the threshold answers, rendered, with its score', () => {
    const plan = planTurn(input('邮费多少钱', { state: state({ failures: 2 }) }), index);
    expect(plan).toMatchObject({
      kind: 'reply',
      text: '满99元包邮，星光家居不满99元运费8元。',
      hit: { type: 'knowledge', id: 11, name: '运费怎么算' },
    });
    expect(plan.kind === 'reply' && plan.hit.score).toBeGreaterThan(0.5);
    expect(plan.next.failures).toBe(0);
  });

  it('below the agent\'s threshold the fallback answers and counts a failure', () => {
    const plan = planTurn(input('寄到新疆的邮费多少钱', { agent: agent({ knowledgeThreshold: 0.99, clarifyThreshold: 0.99 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', hit: { type: 'fallback' }, text: agent().fallbackReply });
    expect(plan.next.failures).toBe(1);
  });

  it('between the clarify and the answer threshold offers the close entries as a numbered list, not a failure', () => {
    const plan = planTurn(input('寄到新疆的邮费多少钱', { agent: agent({ knowledgeThreshold: 0.99, clarifyThreshold: 0.2 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', hit: { type: 'clarify', candidates: [{ id: 11, name: '运费怎么算' }] } });
    expect(plan.kind === 'reply' && plan.text).toBe('您是想问：\n1. 运费怎么算');
    expect(plan.next.failures).toBe(0);
  });

  it('a lone candidate in the upper half of the clarify band answers when the message is familiar', () => {
    const hit = (knowledgeId: number, score: number) => ({ entry: { knowledgeId, question: `q${knowledgeId}`, similarQuestions: [], answer: 'a' }, score });
    expect(decide([hit(1, 0.4)], 0.5, 0.2, true)).toMatchObject({ kind: 'answer', hit: { score: 0.4 } });
    expect(decide([hit(1, 0.4)], 0.5, 0.2, false)).toMatchObject({ kind: 'clarify' });
    // Below the middle of the band (0.35) it is only offered, and so is one of two close candidates.
    expect(decide([hit(1, 0.34)], 0.5, 0.2, true)).toMatchObject({ kind: 'clarify' });
    expect(decide([hit(1, 0.4), hit(2, 0.3)], 0.5, 0.2, true)).toMatchObject({ kind: 'clarify', candidates: [{ score: 0.4 }, { score: 0.3 }] });
    // The middle follows the agent's thresholds.
    expect(decide([hit(1, 0.4)], 0.7, 0.2, true)).toMatchObject({ kind: 'clarify' });
  });

  it('a typo of the business\'s own question is answered; a question about something it never speaks of is only offered', () => {
    const school = new KnowledgeIndex([
      { knowledgeId: 1, question: '一个班多少人', similarQuestions: ['小班几个学生'], answer: '每班不超过8人。' },
      { knowledgeId: 2, question: '怎么报名', similarQuestions: [], answer: '到前台或小程序报名。' },
      { knowledgeId: 3, question: '有网课吗', similarQuestions: [], answer: '有直播课。' },
    ]);
    const builtin = agent({ clarifyThreshold: 0.2 });
    expect(school.isFamiliar('一个版几个人')).toBe(true);
    expect(planTurn(input('一个版几个人', { agent: builtin }), school)).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: 1 } });
    // With a model it is the model's to read.
    expect(planTurn(input('一个版几个人', { agent: { ...builtin, providerId: 7 } }), school)).toMatchObject({ kind: 'model' });
    // 驾校 is nothing this school speaks of, and a job seeker asks another thing whatever words he shares.
    expect(school.isFamiliar('驾校一个班多少人')).toBe(false);
    expect(school.isFamiliar('你们招老师吗')).toBe(false);
    // What the chatter around the question names is not asked: only the clause that asks counts.
    expect(school.isFamiliar('我在驾校上班 一个版几个人')).toBe(true);
    expect(school.isFamiliar('我在驾校上班')).toBe(false);
    // A message that asks nothing is not answered on a guess.
    expect(school.isFamiliar('好的 我周末报名')).toBe(false);
    expect(school.isFamiliar('周末能报名吗')).toBe(true);
  });

  it('a number after a clarify picks that entry', () => {
    const plan = planTurn(input('2', { context: { offered: [13, 11] } }), index);
    expect(plan).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: 11, score: 1 } });
    expect(planTurn(input('第一个', { context: { offered: [13, 11] } }), index)).toMatchObject({ hit: { id: 13 } });
  });

  it('two entries equally good are offered rather than guessed', () => {
    const twins = new KnowledgeIndex([
      { knowledgeId: 1, question: '运费怎么算', similarQuestions: [], answer: 'a' },
      { knowledgeId: 2, question: '退货运费谁承担', similarQuestions: ['运费怎么算'], answer: 'b' },
    ]);
    expect(planTurn(input('运费怎么算'), twins)).toMatchObject({ hit: { type: 'clarify', candidates: [{ id: 1 }, { id: 2 }] } });
  });

  it('small talk alone gets small talk back; with a question the question is answered', () => {
    expect(planTurn(input('运费怎么算？谢谢', { rules: [THANKS] }), index)).toMatchObject({ hit: { type: 'knowledge', id: 11 } });
    expect(planTurn(input('OK 多谢', { rules: [THANKS] }), index)).toMatchObject({ hit: { type: 'rule', id: THANKS.ruleId } });
    expect(planTurn(input('嗨嗨'), index)).toMatchObject({ hit: { type: 'rule', id: 2 } });
    expect(planTurn(input('早上好呀', { rules: [] }), index)).toMatchObject({ hit: { type: 'smalltalk', name: '问候' } });
  });

  it('a handoff keyword in a question the knowledge answers gets the answer; a demand or an unanswered one hands off', () => {
    const refunds = new KnowledgeIndex([{ knowledgeId: 5, question: '怎么退款', similarQuestions: ['可以退款吗'], answer: '七天无理由' }]);
    expect(planTurn(input('收到的货坏了能退款吗'), refunds)).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: 5 } });
    expect(planTurn(input('我要退款'), refunds)).toMatchObject({ kind: 'handoff', reason: '关键词：退款' });
    expect(planTurn(input('隔壁店铺太吵想投诉'), refunds)).not.toMatchObject({ kind: 'handoff' });
  });

  it('a follow-up is read with the previous message', () => {
    const sizes = new KnowledgeIndex([
      { knowledgeId: 1, question: '尺码怎么选', similarQuestions: [], answer: 'a' },
      { knowledgeId: 2, question: '有大码吗', similarQuestions: [], answer: 'b' },
      { knowledgeId: 3, question: '营业时间', similarQuestions: [], answer: 'c' },
      { knowledgeId: 4, question: '周末营业吗', similarQuestions: [], answer: 'd' },
    ]);
    expect(planTurn(input('那大码呢', { context: { previous: { text: '衣服尺码怎么选' } } }), sizes)).toMatchObject({ hit: { id: 2 } });
    // 「周末呢」 alone says too little to answer outright: the weekend entry is at least offered first.
    const weekend = planTurn(input('周末呢', { context: { previous: { text: '你们几点开门' } } }), sizes);
    expect(weekend.kind === 'reply' && (weekend.hit.id ?? weekend.hit.candidates?.[0]?.id)).toBe(4);
  });

  it('a bare 「X呢」 asks the previous question about X, not how X compares with what came before', () => {
    const renovation = new KnowledgeIndex([
      { knowledgeId: 1, question: '装修多少钱', similarQuestions: ['装修怎么收费'], answer: 'a' },
      { knowledgeId: 2, question: '半包和全包有什么区别', similarQuestions: [], answer: 'b' },
      { knowledgeId: 3, question: '客服几点在线', similarQuestions: [], answer: 'c' },
      { knowledgeId: 4, question: '装修工期多久', similarQuestions: [], answer: 'd' },
    ]);
    const after = (text: string, previous: string) => planTurn(input(text, { context: { previous: { text: previous } } }), renovation);
    expect(after('那全包呢', '半包装修多少钱')).toMatchObject({ kind: 'reply', hit: { id: 1 } });
    // Nothing speaks of the weekend: the hours entry answered before is the likeliest answer again.
    expect(after('周末呢', '客服几点在线')).toMatchObject({ kind: 'reply', hit: { id: 3 } });
    // A question of its own is not a bare ellipsis: the comparison it asks for is answered.
    expect(after('那全包和半包有什么区别呢', '装修工期多久')).toMatchObject({ kind: 'reply', hit: { id: 2 } });
    // Without a previous message nothing is borrowed.
    expect(planTurn(input('周末呢'), renovation)).not.toMatchObject({ hit: { id: 3 } });
  });

  it('with a model provider, unanswered messages go to the model with its fallback and near knowledge', () => {
    const history = [
      { role: 'user' as const, content: '你好' },
      { role: 'assistant' as const, content: '您好！' },
    ];
    const plan = modelPlanOf(
      planTurn(input('晚上还开着吗我下班过去', { agent: agent({ providerId: 7, fallbackReply: '{{shop}}暂时无法回答' }), history }), index),
    );
    expect(plan.fallback).toBe('星光家居暂时无法回答');
    expect(plan.knowledge.map((hit) => hit.entry.knowledgeId)).toEqual([13]);
    expect(plan.messages[0]?.content).toContain('你是星光家居的客服小美。');
    expect(plan.messages[0]?.content).toContain('每天9点到18点。');
    expect(plan.messages.slice(1)).toEqual([...history, { role: 'user', content: '晚上还开着吗我下班过去' }]);
    expect(plan.next.failures).toBe(0);
  });

  describe('with a model provider, the references', () => {
    const returns = new KnowledgeIndex(
      ['退货运费谁出', '退货多久到账', '怎么申请退货', '退货地址在哪', '退货要带发票吗', '退换货期限是多久', '质量问题能退货吗', '退货可以上门取件吗'].map(
        (question, i) => ({ knowledgeId: 40 + i, question, similarQuestions: [], answer: `${question}：见售后说明。` }),
      ),
    );
    const text = '东西不想要了 想退';
    const hits = returns.search(text, 10);
    const referencesFor = (clarifyThreshold: number) => {
      const plan = modelPlanOf(planTurn(input(text, { rules: [], agent: agent({ providerId: 7, knowledgeThreshold: 0.99, clarifyThreshold }) }), returns));
      return plan.knowledge.map((hit) => hit.entry.knowledgeId);
    };

    it('are the best MAX_REFERENCES entries', () => {
      expect(hits.length).toBeGreaterThan(MAX_REFERENCES);
      expect(referencesFor(0.01)).toEqual(hits.slice(0, MAX_REFERENCES).map((hit) => hit.entry.knowledgeId));
    });

    it('reach down to half the clarify threshold: the model may read an entry the customer would not be offered', () => {
      const second = hits[1]?.score ?? 0;
      const threshold = second * 1.5;
      const references = referencesFor(threshold);
      expect(references).toContain(hits[1]?.entry.knowledgeId);
      const expected = hits.filter((hit) => hit.score >= threshold / 2).slice(0, MAX_REFERENCES);
      expect(expected.length).toBeLessThan(hits.length);
      expect(references).toEqual(expected.map((hit) => hit.entry.knowledgeId));
    });
  });

  it('with a model provider, a message naming what the knowledge lacks goes to the model unless an entry is sure; the built-in engine answers it', () => {
    const studio = new KnowledgeIndex([
      { knowledgeId: 61, question: '定金要交多少', similarQuestions: ['需要付定金吗'], answer: '定金1000元，可抵扣套餐费用。' },
      { knowledgeId: 62, question: '怎么预约档期', similarQuestions: [], answer: '在小程序选日期即可预约。' },
      { knowledgeId: 64, question: '可以穿自己的婚纱吗', similarQuestions: [], answer: '可以自带婚纱。' },
      { knowledgeId: 63, question: '婚纱照套餐多少钱', similarQuestions: [], answer: '套餐3999元起。' },
    ]);
    const text = '定金可以开发票吗';
    const [top] = studio.search(text, 3);
    expect(studio.isFamiliar(text)).toBe(false);
    expect(top?.score).toBeGreaterThanOrEqual(agent().knowledgeThreshold);
    expect(top?.score).toBeLessThan(UNFAMILIAR_DIRECT_MIN);
    expect(planTurn(input(text, { rules: [] }), studio)).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: top?.entry.knowledgeId } });
    const plan = modelPlanOf(planTurn(input(text, { rules: [], agent: agent({ providerId: 7 }) }), studio));
    expect(plan.knowledge[0]?.entry.knowledgeId).toBe(top?.entry.knowledgeId);
    // A familiar message with the same kind of score is still answered as is.
    expect(planTurn(input('定金交多少', { rules: [], agent: agent({ providerId: 7 }) }), studio)).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: 61 } });
  });

  it('with a model provider, rules and knowledge still answer directly', () => {
    const withModel = agent({ providerId: 7 });
    expect(planTurn(input('运费怎么算', { agent: withModel }), index).kind).toBe('reply');
    expect(planTurn(input('在吗？', { agent: withModel }), index)).toMatchObject({ kind: 'reply', hit: { type: 'rule', id: 2 } });
  });

  it('hands off after failureThreshold consecutive fallbacks', () => {
    const second = planTurn(input('你们老板是谁', { state: state({ failures: 1 }) }), index);
    expect(second).toMatchObject({ kind: 'reply', hit: { type: 'fallback' } });
    expect(second.next.failures).toBe(2);
    const third = planTurn(input('你们老板是谁', { state: state({ failures: 2 }) }), index);
    expect(third).toMatchObject({ kind: 'handoff', reason: '连续3次未能回答', text: '已为您转接人工客服，请稍候。' });
    expect(third.next.failures).toBe(0);
    const never = agent({ handoff: { ...agent().handoff, failureThreshold: 0 } });
    expect(planTurn(input('你们老板是谁', { agent: never, state: state({ failures: 9 }) }), index).kind).toBe('reply');
  });

  it('a request for a human hands off inside business hours and gets the off-hours text outside', () => {
    const hours = { ...DEFAULT_BUSINESS_HOURS, enabled: true, offHoursText: '{{shop}}下班了，明天9点回复您。' };
    const open = planTurn(input('转人工', { agent: agent({ businessHours: hours }) }), index);
    expect(open).toMatchObject({ kind: 'handoff', reason: '客户要求转人工', hit: { type: 'handoff', name: '客户要求转人工' } });
    const saturday = MONDAY_10AM + 5 * 24 * 3600 * 1000;
    const closed = planTurn(input('转人工', { agent: agent({ businessHours: hours }), now: saturday }), index);
    expect(closed).toMatchObject({ kind: 'reply', text: '星光家居下班了，明天9点回复您。', hit: { type: 'offHours' } });
  });

  it('a handoff keyword wins over rules', () => {
    const plan = planTurn(input('优惠没用上，我要投诉'), index);
    expect(plan).toMatchObject({ kind: 'handoff', reason: '关键词：投诉' });
  });
});

describe('planTurn: the lead goal', () => {
  it('an answer that itself asks for contact details is the turn\'s lead question: no second ask under it', () => {
    const asking = agent({ leadGoal: leadGoal(), fallbackReply: '这个问题我请顾问回复您，方便留一个手机号或微信吗？' });
    const plan = planTurn(input('你们老板叫什么', { agent: asking, state: state({ turns: 2 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', hit: { type: 'fallback' }, text: '这个问题我请顾问回复您，方便留一个手机号或微信吗？' });
    expect(plan.leadAsk).toBeUndefined();
    expect(plan.next).toMatchObject({ leadAskedTurn: 2, leadAsks: 1 });
  });

  it('asks once the customer has sent askAfterTurns messages, and not again the next turn', () => {
    const first = planTurn(input('运费怎么算', { agent: withLead(), state: state({ turns: 1 }) }), index);
    expect(first.leadAsk).toBeUndefined();
    expect(first.next).toMatchObject({ leadAskedTurn: 0, leadAsks: 0 });

    const second = planTurn(input('运费怎么算', { agent: withLead(), state: state({ turns: 2 }) }), index);
    expect(second.leadAsk).toEqual({
      text: '星光家居可以为您免费出方案，方便留个手机号吗？',
      hit: { type: 'leadAsk', name: LEAD_ASK_HIT_NAME },
    });
    expect(second.next).toMatchObject({ leadAskedTurn: 2, leadAsks: 1 });

    for (const turns of [3, 4, 5]) {
      const later = planTurn(input('运费怎么算', { agent: withLead(), state: state({ turns, leadAskedTurn: 2, leadAsks: 1 }) }), index);
      expect(later.leadAsk).toBeUndefined();
      expect(later.next.leadAskedTurn).toBe(2);
    }
    const again = planTurn(input('运费怎么算', { agent: withLead(), state: state({ turns: 6, leadAskedTurn: 2, leadAsks: 1 }) }), index);
    expect(again.leadAsk?.text).toContain('方便留个手机号吗');
    expect(again.next).toMatchObject({ leadAskedTurn: 6, leadAsks: 2 });
  });

  it('asks at most three times per conversation and never while the goal is off or the field is known', () => {
    const tired = planTurn(input('运费怎么算', { agent: withLead(), state: state({ turns: 20, leadAskedTurn: 10, leadAsks: 3 }) }), index);
    expect(tired.leadAsk).toBeUndefined();
    expect(planTurn(input('运费怎么算', { state: state({ turns: 5 }) }), index).leadAsk).toBeUndefined();
    const known = state({ turns: 5, known: { phone: '13800138000' } });
    expect(planTurn(input('运费怎么算', { agent: withLead(), state: known }), index).leadAsk).toBeUndefined();
  });

  it('does not ask when the conversation goes to staff', () => {
    const plan = planTurn(input('转人工', { agent: withLead(), state: state({ turns: 4 }) }), index);
    expect(plan.kind).toBe('handoff');
    expect(plan.leadAsk).toBeUndefined();
  });

  it('a decline right after the question stops asking for good', () => {
    const decline = planTurn(input('不方便，谢谢', { agent: withLead(), state: state({ turns: 3, leadAskedTurn: 2, leadAsks: 1, failures: 1 }) }), index);
    expect(decline).toMatchObject({ kind: 'reply', text: DECLINE_ACK_TEXT, hit: { type: 'leadAsk' } });
    expect(decline.next).toMatchObject({ leadDeclined: true, failures: 1 });
    expect(decline.leadAsk).toBeUndefined();

    const later = planTurn(input('运费怎么算', { agent: withLead(), state: state({ turns: 9, leadAskedTurn: 2, leadDeclined: true }) }), index);
    expect(later.leadAsk).toBeUndefined();
    expect(later.next.leadDeclined).toBe(true);
  });

  it('a decline with a question still answers the question', () => {
    const plan = planTurn(input('不方便留，运费怎么算', { agent: withLead(), state: state({ turns: 3, leadAskedTurn: 2 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: 11 } });
    expect(plan.next.leadDeclined).toBe(true);
  });

  it('「不方便」 is not a decline when nothing was asked', () => {
    const plan = planTurn(input('不方便', { agent: withLead(), state: state({ turns: 1 }) }), index);
    expect(plan.next.leadDeclined).toBe(false);
  });

  it('a message with only contact details gets the thanks, once, and is no failure', () => {
    const plan = planTurn(input('我的电话是 138 0013 8000', { agent: withLead(), state: state({ turns: 3, leadAskedTurn: 2, failures: 2 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', text: '谢谢，顾问稍后联系您。', hit: { type: 'leadAsk', name: CONTACT_ACK_HIT_NAME } });
    expect(plan.found).toEqual([expect.objectContaining({ field: 'phone', value: '13800138000', method: 'regex' })]);
    expect(plan.leadAsk).toBeUndefined();
    expect(plan.next.failures).toBe(2);
  });

  it('a message with only contact details is not answered by a rule on its cue words', () => {
    const shopPhone = { ruleId: 9, matchType: 'keyword' as const, pattern: '电话|微信', reply: '我们的电话是 400-800-8888', priority: 9 };
    const plan = planTurn(input('我的电话 13800138000', { rules: [shopPhone] }), index);
    expect(plan).toMatchObject({ kind: 'reply', text: CONTACT_ACK_TEXT });
    const asking = planTurn(input('你们电话多少', { rules: [shopPhone] }), index);
    expect(asking).toMatchObject({ kind: 'reply', hit: { type: 'rule', id: 9 } });
  });

  it('without a lead goal, contact details alone get a short acknowledgement', () => {
    const plan = planTurn(input('微信：zhang_san88', { state: state({ failures: 1 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', text: CONTACT_ACK_TEXT });
    expect(plan.next.failures).toBe(1);
  });

  it('thanks after the answer when the message completes the goal', () => {
    const goal = withLead({ fields: ['phone', 'name'] });
    const plan = planTurn(input('运费怎么算？我电话13800138000', { agent: goal, state: state({ turns: 4, known: { name: '张三' } }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', id: 11 } });
    expect(plan.leadAsk).toEqual({ text: '谢谢，顾问稍后联系您。', hit: { type: 'leadAsk', name: LEAD_THANKS_HIT_NAME } });
  });

  it('a masked phone alone is acknowledged, not counted as a failure, and completes nothing', () => {
    const plan = planTurn(input('138****8000', { agent: withLead(), state: state({ turns: 3, leadAskedTurn: 2, failures: 1 }) }), index);
    expect(plan).toMatchObject({ kind: 'reply', text: CONTACT_ACK_TEXT });
    expect(plan.next.failures).toBe(1);
    expect(plan.leadAsk).toBeUndefined();
  });

  it('a masked phone does not complete the goal', () => {
    const plan = planTurn(input('运费怎么算？手机138****8000', { agent: withLead(), state: state({ turns: 2 }) }), index);
    expect(plan.found).toEqual([expect.objectContaining({ field: 'phone', masked: true })]);
    expect(plan.leadAsk?.hit.name).toBe(LEAD_ASK_HIT_NAME);
  });

  it('reads a bare answer to the lead question as the asked field', () => {
    const goal = withLead({ fields: ['name', 'phone'] });
    const answer = planTurn(input('张伟', { agent: goal, state: state({ turns: 3, leadAskedTurn: 2 }) }), index);
    expect(answer.found).toEqual([expect.objectContaining({ field: 'name', value: '张伟', method: 'answer' })]);
    // Only part of the goal: acknowledged, not thanked as complete.
    expect(textOf(answer)).toBe(CONTACT_ACK_TEXT);
    expect(answer.leadAsk).toBeUndefined();
    const unasked = planTurn(input('张伟', { agent: goal, state: state({ turns: 3 }) }), index);
    expect(unasked.found).toEqual([]);
  });
});

describe('planTurn: a goal of any one field', () => {
  const anyGoal = { ...DEFAULT_LEAD_GOAL, enabled: true, fields: ['phone', 'wechat'], match: 'any', askAfterTurns: 1 } satisfies AgentLeadGoal;
  const asker = agent({ leadGoal: anyGoal, fallbackReply: '这个问题我记下了。方便留一个手机号或微信吗？' });

  it('is met by a phone alone: thanked, and never asked again, not even by the fallback', () => {
    const given = planTurn(input('13800138000', { agent: asker, state: state({ turns: 2, leadAskedTurn: 1, leadAsks: 1 }) }), index);
    expect(given).toMatchObject({ kind: 'reply', text: anyGoal.thanksText });
    const later = planTurn(input('你们老板是谁', { agent: asker, state: state({ turns: 6, known: { phone: '13800138000' } }) }), index);
    expect(later.leadAsk).toBeUndefined();
    expect(later.kind === 'reply' && later.text).toBe('这个问题我记下了。');
  });
});
