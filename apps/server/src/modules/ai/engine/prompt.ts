import { LEAD_FIELD_LABELS, MAX_REFERENCES, renderTemplate, type LeadField } from '@acs/shared';
import type { ChatMessage, EngineAgent, KnowledgeHit } from './types';

/**
 * What the model must answer, alone, when neither the agent's settings nor the references hold the
 * answer. The runtime never shows it to the customer: it sends the fallback instead
 * (runtime/model-answer.ts). Brackets no customer-facing answer would contain make it unambiguous.
 */
export const NO_ANSWER_MARKER = '[[无法回答]]';

/** The marker's words without its brackets: models sometimes drop or restyle the brackets. */
const MARKER_WORDS = NO_ANSWER_MARKER.replace(/[[\]]/g, '');

// Whitespace, punctuation and symbols (ASCII and CJK) a model may wrap the marker in: 「[[无法回答]]」。
const WRAPPING = /[\s\p{P}\p{S}]/gu;

/** Whether a model's whole answer says "not in the references" (the marker, however wrapped). */
export const isNoAnswer = (text: string) => text.replace(WRAPPING, '') === MARKER_WORDS;

/** The knowledge hits the prompt shows the model, in order: the entries that ground its answer. */
export const promptReferences = (hits: KnowledgeHit[]) => hits.slice(0, MAX_REFERENCES);

function groundingRules(): string {
  return [
    '回答规则：',
    '1. 价格、费用、政策、时间、地址、联系方式等事实，只能来自上面的设定、「已知信息」和「参考资料」，不得编造、推测或使用其他来源的知识。',
    `2. 这些内容中没有能回答客户问题的信息时，只回复 ${NO_ANSWER_MARKER}，不要附加任何其他文字。`,
    '3. 客户只是打招呼、致谢或告别时，简短礼貌地回应即可。',
    '4. 可以改写资料的措辞，让回答自然、简洁，但不能改变其含义。',
  ].join('\n');
}

function knownFacts(variables: Record<string, string>): string | null {
  const lines = Object.entries(variables)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => `- ${key}：${value}`);
  return lines.length > 0 ? `已知信息：\n${lines.join('\n')}` : null;
}

function systemPrompt(
  agent: EngineAgent,
  hits: KnowledgeHit[],
  variables: Record<string, string>,
  leadFields: LeadField[],
): string {
  const parts: string[] = [];
  const own = renderTemplate(agent.systemPrompt, variables).text.trim();
  parts.push(own || `你是「${agent.name}」，一名专业、耐心的在线客服。请用简洁、礼貌的中文回答客户的问题。`);
  parts.push(groundingRules());
  const facts = knownFacts(variables);
  if (facts) parts.push(facts);
  const references = promptReferences(hits);
  const items = references.map(
    (hit, i) => `[${i + 1}] 问：${hit.entry.question}\n答：${renderTemplate(hit.entry.answer, variables).text}`,
  );
  parts.push(`参考资料（知识库中与客户问题最接近的条目，可能并不相关；不相关时不要使用）：\n${items.length > 0 ? items.join('\n') : '（无）'}`);
  if (agent.leadGoal.enabled && leadFields.length > 0) {
    const labels = leadFields.map((field) => LEAD_FIELD_LABELS[field]).join('、');
    parts.push(`在合适的时机礼貌地请客户留下${labels}，方便顾问联系；客户已提供或明确拒绝后不要再追问。`);
  }
  return parts.join('\n\n');
}

/**
 * The messages for the agent's model (retrieval-augmented): the rendered system prompt, rules that
 * make the settings, the variables and up to MAX_REFERENCES knowledge hits the only source of facts (and
 * NO_ANSWER_MARKER the answer when they hold none), the lead goal, the last
 * `params.historyMessages` messages, then the customer's message. `leadFields` are the goal fields
 * still missing (empty once declined).
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
