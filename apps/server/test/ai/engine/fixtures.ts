import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_FALLBACK_REPLY,
  DEFAULT_HANDOFF,
  DEFAULT_LEAD_GOAL,
  DEFAULT_MODEL_PARAMS,
} from '@acs/shared';
import { KnowledgeIndex } from '../../../src/modules/ai/engine/retrieval';
import type { EngineAgent, EngineKnowledge, EngineRule, TurnInput, TurnState } from '../../../src/modules/ai/engine/types';

/** An agent with the product defaults (built-in engine, lead goal off), changed per test. */
export function agent(overrides: Partial<EngineAgent> = {}): EngineAgent {
  return {
    agentId: 1,
    name: '小美',
    systemPrompt: '你是{{shop}}的客服{{agent_name}}。',
    fallbackReply: DEFAULT_FALLBACK_REPLY,
    handoff: DEFAULT_HANDOFF,
    businessHours: DEFAULT_BUSINESS_HOURS,
    leadGoal: DEFAULT_LEAD_GOAL,
    knowledgeThreshold: 0.5,
    clarifyThreshold: 0.3,
    params: DEFAULT_MODEL_PARAMS,
    providerId: null,
    model: '',
    ...overrides,
  };
}

export const RULES: EngineRule[] = [
  { ruleId: 1, matchType: 'keyword', pattern: '优惠|折扣', reply: '{{shop}}本周全场九折。', priority: 0 },
  { ruleId: 2, matchType: 'exact', pattern: '在吗', reply: '在的，请问有什么可以帮您？', priority: 0 },
];

export const KNOWLEDGE: EngineKnowledge[] = [
  { knowledgeId: 11, question: '运费怎么算', similarQuestions: ['包邮吗'], answer: '满99元包邮，{{shop}}不满99元运费8元。' },
  { knowledgeId: 12, question: '优惠券怎么用', similarQuestions: [], answer: '下单时在结算页选择优惠券即可。' },
  { knowledgeId: 13, question: '营业时间是几点', similarQuestions: [], answer: '每天9点到18点。' },
];

export const index = new KnowledgeIndex(KNOWLEDGE);

export const state = (overrides: Partial<TurnState> = {}): TurnState => ({
  turns: 1,
  failures: 0,
  leadAskedTurn: 0,
  leadDeclined: false,
  leadAsks: 0,
  known: {},
  ...overrides,
});

/** 2026-11-23 10:00 China time, a Monday. */
export const MONDAY_10AM = Date.parse('2026-11-23T10:00:00+08:00');

export function input(text: string, overrides: Partial<TurnInput> = {}): TurnInput {
  return {
    agent: agent(),
    rules: RULES,
    knowledge: KNOWLEDGE,
    text,
    state: state(),
    history: [],
    variables: { shop: '星光家居', agent_name: '小美' },
    now: MONDAY_10AM,
    ...overrides,
  };
}
