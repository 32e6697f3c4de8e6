import type { Agent } from '../../../../../api/ai/agent';

/** The built-in engine in the provider select (a Select cannot hold null; provider ids start at 100). */
export const BUILTIN = 0;

/** The settings form: the agent with the provider as a select value. */
export type SettingsForm = Omit<Agent, 'providerId'> & { providerId: number };

export function toForm(agent: Agent): SettingsForm {
  // A goal stored before 完成条件 existed means 'all': the radio shows it so.
  return { ...agent, providerId: agent.providerId ?? BUILTIN, leadGoal: { ...agent.leadGoal, match: agent.leadGoal.match ?? 'all' } };
}

/** The saved agent: what was loaded, overlaid with the form (fields of tabs never opened keep their values). */
export function fromForm(agent: Agent, values: Partial<SettingsForm>): Agent {
  const merged = { ...toForm(agent), ...values };
  const providerId = merged.providerId === BUILTIN ? null : merged.providerId;
  return {
    ...merged,
    name: merged.name.trim(),
    providerId,
    model: providerId === null ? '' : merged.model,
    quickQuestions: merged.quickQuestions.map((q) => q.trim()).filter(Boolean),
    handoff: { ...merged.handoff, keywords: merged.handoff.keywords.map((k) => k.trim()).filter(Boolean) },
  };
}

export const TABS = [
  { key: 'basic', label: '基础', fields: ['name', 'avatar'] },
  { key: 'prompt', label: '提示词', fields: ['systemPrompt'] },
  { key: 'welcome', label: '欢迎语与快捷问题', fields: ['welcomeMessage', 'quickQuestions'] },
  { key: 'fallback', label: '兜底回复', fields: ['fallbackReply'] },
  { key: 'model', label: '模型', fields: ['providerId', 'model', 'params', 'knowledgeThreshold', 'clarifyThreshold'] },
  { key: 'handoff', label: '转人工', fields: ['handoff'] },
  { key: 'hours', label: '营业时间', fields: ['businessHours'] },
  { key: 'lead', label: '留资目标', fields: ['leadGoal'] },
  { key: 'channels', label: '渠道', fields: [] },
] as const;

export type TabKey = (typeof TABS)[number]['key'];

/** The tab holding a form field, so a failed validation can show it. */
export function tabOf(field: string | number | undefined): TabKey {
  return TABS.find((t) => (t.fields as readonly (string | number | undefined)[]).includes(field))?.key ?? 'basic';
}
