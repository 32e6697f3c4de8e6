import { and, inArray, isNotNull, like } from 'drizzle-orm';
import { templateKeys } from '@acs/shared';
import type { Db } from '../../../db/client';
import { aiAgent, aiKnowledge, aiReplyRule, aiVariable } from '../../../db/schema';

/** One place an agent uses a {{key}}: `where` names the setting, rule or knowledge entry. */
export interface Usage {
  agentId: number;
  name: string;
  where: string;
}

export interface UsageIndex {
  /** key → every place it is used: settings first, then rules, then knowledge entries. */
  byKey: Map<string, Usage[]>;
  /** agentId → keys of the agent's own variables, which hide a global of the same key. */
  ownKeys: Map<number, Set<string>>;
}

/** Rules and answers without `{{` use no variable; a knowledge base can be large, so only the others are read. */
const MAY_USE = '%{{%';

type AgentTexts = Pick<
  typeof aiAgent.$inferSelect,
  'agentId' | 'name' | 'systemPrompt' | 'welcomeMessage' | 'quickQuestions' | 'fallbackReply' | 'handoff' | 'businessHours' | 'leadGoal'
>;

const settingTexts = (a: AgentTexts): [string, string][] => [
  ['系统提示词', a.systemPrompt],
  ['欢迎语', a.welcomeMessage],
  ['快捷问题', a.quickQuestions.join('\n')],
  ['兜底回复', a.fallbackReply],
  ['转人工回复', a.handoff.handoffReply],
  ['非工作时间提示', a.businessHours.offHoursText],
  ['留资询问话术', a.leadGoal.askText],
  ['留资感谢语', a.leadGoal.thanksText],
];

/**
 * Every {{key}} in the agents' settings, reply rules and knowledge answers (disabled ones too: they
 * can be switched back on). `agentIds` limits the scan; without it every agent is read.
 */
export async function scanUsages(db: Db, agentIds?: number[]): Promise<UsageIndex> {
  const only = (column: typeof aiAgent.agentId | typeof aiReplyRule.agentId | typeof aiKnowledge.agentId) =>
    agentIds ? inArray(column, agentIds) : undefined;
  const [agents, rules, knowledge, own] = await Promise.all([
    db
      .select({
        agentId: aiAgent.agentId,
        name: aiAgent.name,
        systemPrompt: aiAgent.systemPrompt,
        welcomeMessage: aiAgent.welcomeMessage,
        quickQuestions: aiAgent.quickQuestions,
        fallbackReply: aiAgent.fallbackReply,
        handoff: aiAgent.handoff,
        businessHours: aiAgent.businessHours,
        leadGoal: aiAgent.leadGoal,
      })
      .from(aiAgent)
      .where(only(aiAgent.agentId))
      .orderBy(aiAgent.agentId),
    db
      .select({ id: aiReplyRule.ruleId, agentId: aiReplyRule.agentId, text: aiReplyRule.reply })
      .from(aiReplyRule)
      .where(and(only(aiReplyRule.agentId), like(aiReplyRule.reply, MAY_USE)))
      .orderBy(aiReplyRule.ruleId),
    db
      .select({ id: aiKnowledge.knowledgeId, agentId: aiKnowledge.agentId, text: aiKnowledge.answer })
      .from(aiKnowledge)
      .where(and(only(aiKnowledge.agentId), like(aiKnowledge.answer, MAY_USE)))
      .orderBy(aiKnowledge.knowledgeId),
    db.select({ agentId: aiVariable.agentId, varKey: aiVariable.varKey }).from(aiVariable).where(agentIds ? inArray(aiVariable.agentId, agentIds) : isNotNull(aiVariable.agentId)),
  ]);
  const byKey = new Map<string, Usage[]>();
  const add = (agent: AgentTexts, where: string, text: string) => {
    for (const key of templateKeys(text)) {
      const list = byKey.get(key) ?? [];
      list.push({ agentId: agent.agentId, name: agent.name, where });
      byKey.set(key, list);
    }
  };
  const byAgent = new Map(agents.map((a) => [a.agentId, a]));
  for (const agent of agents) for (const [where, text] of settingTexts(agent)) add(agent, where, text);
  for (const r of rules) {
    const agent = byAgent.get(r.agentId);
    if (agent) add(agent, `回复规则#${r.id}`, r.text);
  }
  for (const k of knowledge) {
    const agent = byAgent.get(k.agentId);
    if (agent) add(agent, `知识库#${k.id}`, k.text);
  }
  const ownKeys = new Map<number, Set<string>>();
  for (const v of own) {
    if (v.agentId === null) continue;
    const keys = ownKeys.get(v.agentId) ?? new Set<string>();
    keys.add(v.varKey);
    ownKeys.set(v.agentId, keys);
  }
  return { byKey, ownKeys };
}

/** Where a variable is used: an agent's own variable by that agent only, a global by every agent that has no own variable of that key. */
export function usagesOf(index: UsageIndex, v: { varKey: string; agentId: number | null }): Usage[] {
  const all = index.byKey.get(v.varKey) ?? [];
  if (v.agentId !== null) return all.filter((u) => u.agentId === v.agentId);
  return all.filter((u) => !index.ownKeys.get(u.agentId)?.has(v.varKey));
}

const LISTED = 3;

/** `客服A·系统提示词、客服A·回复规则#3 等5处` for refusal messages. */
export function describeUsages(usages: Usage[]): string {
  const listed = usages
    .slice(0, LISTED)
    .map((u) => `${u.name}·${u.where}`)
    .join('、');
  return usages.length > LISTED ? `${listed} 等${usages.length}处` : listed;
}
