import { LEAD_FIELD_LABELS, renderTemplate, type LeadField } from '@acs/shared';
import type { ChatMessage, EngineAgent, KnowledgeHit } from './types';

/** More references crowd the prompt and mislead more than they help. */
export const MAX_REFERENCES = 3;

function systemPrompt(
  agent: EngineAgent,
  hits: KnowledgeHit[],
  variables: Record<string, string>,
  leadFields: LeadField[],
): string {
  const parts: string[] = [];
  const own = renderTemplate(agent.systemPrompt, variables).text.trim();
  parts.push(own || `你是「${agent.name}」，一名专业、耐心的在线客服。请用简洁、礼貌的中文回答客户的问题。`);
  const references = hits.slice(0, MAX_REFERENCES);
  if (references.length > 0) {
    const items = references.map(
      (hit, i) => `[${i + 1}] 问：${hit.entry.question}\n答：${renderTemplate(hit.entry.answer, variables).text}`,
    );
    parts.push(
      '参考资料（客户的问题与资料相关时，只根据资料回答，不要编造资料中没有的信息；不相关时忽略资料）：\n' +
        items.join('\n'),
    );
  }
  if (agent.leadGoal.enabled && leadFields.length > 0) {
    const labels = leadFields.map((field) => LEAD_FIELD_LABELS[field]).join('、');
    parts.push(`在合适的时机礼貌地请客户留下${labels}，方便顾问联系；客户已提供或明确拒绝后不要再追问。`);
  }
  return parts.join('\n\n');
}

/**
 * The messages for the agent's model: the rendered system prompt with up to three knowledge hits
 * as reference material and the lead goal, the last `params.historyMessages` messages, then the
 * customer's message. `leadFields` are the goal fields still missing (empty once declined).
 */
export function buildModelMessages(
  agent: EngineAgent,
  history: ChatMessage[],
  knowledgeHits: KnowledgeHit[],
  variables: Record<string, string>,
  text: string,
  leadFields: LeadField[] = agent.leadGoal.fields,
): ChatMessage[] {
  const keep = Math.max(0, agent.params.historyMessages);
  const earlier = keep > 0 ? history.filter((m) => m.role !== 'system').slice(-keep) : [];
  return [
    { role: 'system', content: systemPrompt(agent, knowledgeHits, variables, leadFields) },
    ...earlier,
    { role: 'user', content: text },
  ];
}
