import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, DEFAULT_HANDOFF, DEFAULT_LEAD_GOAL, DEFAULT_MODEL_PARAMS } from '@acs/shared';
import type { Agent } from '../../../../../api/ai/agent';
import { BUILTIN, fromForm, tabOf, toForm } from './formValues';

const agent: Agent = {
  agentId: 101,
  name: '售前助手',
  avatar: '',
  status: 'draft',
  template: 'general',
  providerId: 100,
  model: 'gpt-4o-mini',
  params: DEFAULT_MODEL_PARAMS,
  systemPrompt: '你是{{agent_name}}',
  welcomeMessage: '您好',
  quickQuestions: ['价格？'],
  fallbackReply: '抱歉',
  handoff: DEFAULT_HANDOFF,
  businessHours: DEFAULT_BUSINESS_HOURS,
  leadGoal: DEFAULT_LEAD_GOAL,
  knowledgeThreshold: 0.5,
  clarifyThreshold: 0.3,
};

describe('settings form values', () => {
  it('shows the built-in engine as its own select value and saves it as null without a model', () => {
    const builtIn = { ...agent, providerId: null, model: '' };
    expect(toForm(builtIn).providerId).toBe(BUILTIN);
    const saved = fromForm(agent, { providerId: BUILTIN });
    expect(saved.providerId).toBeNull();
    expect(saved.model).toBe('');
  });

  it('keeps fields the form never showed and trims what the user typed', () => {
    const saved = fromForm(agent, {
      name: '  售前助手二号 ',
      quickQuestions: [' 有哪些套餐？ ', '  '],
      handoff: { ...DEFAULT_HANDOFF, keywords: [' 投诉 ', ''] },
    });
    expect(saved).toMatchObject({ agentId: 101, systemPrompt: '你是{{agent_name}}', providerId: 100, model: 'gpt-4o-mini' });
    expect(saved.name).toBe('售前助手二号');
    expect(saved.quickQuestions).toEqual(['有哪些套餐？']);
    expect(saved.handoff.keywords).toEqual(['投诉']);
  });

  it('shows a lead goal stored without 完成条件 as 全部填写 and saves the chosen one', () => {
    const { match: _stored, ...old } = DEFAULT_LEAD_GOAL;
    expect(toForm({ ...agent, leadGoal: old }).leadGoal.match).toBe('all');
    const goal = { ...DEFAULT_LEAD_GOAL, fields: ['phone', 'wechat'] as const, match: 'any' as const };
    expect(fromForm(agent, { leadGoal: { ...goal, fields: [...goal.fields] } }).leadGoal).toMatchObject({ fields: ['phone', 'wechat'], match: 'any' });
  });

  it('finds the tab of a field that failed validation', () => {
    expect(tabOf('welcomeMessage')).toBe('welcome');
    expect(tabOf('businessHours')).toBe('hours');
    expect(tabOf('params')).toBe('model');
    expect(tabOf(undefined)).toBe('basic');
  });
});
