import { renderTemplate, type LeadField, type MessageHit } from '@acs/shared';
import { detectHandoff } from './handoff';
import { isWithinBusinessHours } from './hours';
import { extractLeadDetails, isBareDecline, isDecline, isOnlyContact } from './lead-extract';
import { buildModelMessages, MAX_REFERENCES } from './prompt';
import type { KnowledgeIndex } from './retrieval';
import { matchRule } from './rules';
import type { ChatMessage, KnowledgeHit, TurnInput, TurnPlan } from './types';

/** The lead question is not repeated within this many turns of the last one… */
export const LEAD_ASK_GAP = 3;
/** …nor more often than this in one conversation. */
export const LEAD_ASK_MAX = 3;
/** `name` of the hits of the lead question, its thanks, and the acknowledgements around them. */
export const LEAD_ASK_HIT_NAME = '询问联系方式';
/** 「方便留一个手机号吗」「您可以留下姓名和手机号」: a reply that itself asks the customer for contact details. */
const ASKS_CONTACT = /(留|告诉|提供|发)[^。！？!?]{0,10}(手机|电话|微信|联系方式)/;
export const LEAD_THANKS_HIT_NAME = '感谢留资';
export const CONTACT_ACK_HIT_NAME = '收到联系方式';
export const DECLINE_ACK_HIT_NAME = '客户拒绝留资';
/** Said for a contact-only message that does not complete the lead goal. */
export const CONTACT_ACK_TEXT = '好的，已收到您的联系方式。';
/** Said when the customer declines the lead question and says nothing else. */
export const DECLINE_ACK_TEXT = '好的，没关系。还有其他问题可以随时问我。';

/** The answer part of the plan, with the failures counter it leaves. */
type Main = (
  | { kind: 'reply'; text: string; hit: MessageHit }
  | { kind: 'handoff'; text: string; hit: MessageHit; reason: string }
  | { kind: 'model'; messages: ChatMessage[]; knowledge: KnowledgeHit[]; fallback: string }
) & { failures: number };

/**
 * Decides one customer turn (no I/O): lead fields → decline → handoff (off-hours text instead
 * outside business hours) → contact-only acknowledgement → reply rule → knowledge → model →
 * fallback (handoff after `failureThreshold` consecutive fallbacks). Then the lead goal may add
 * its question, or its thanks when this message completed it.
 *
 * A message with nothing but contact details asks nothing, so rules and knowledge are not asked:
 * a keyword rule 电话 would answer 「我的电话是…」 with the shop's number, and 「我的微信是 abc123」
 * shares words with entries like 「可以加微信吗」.
 */
export function planTurn(input: TurnInput, index: KnowledgeIndex): TurnPlan {
  const { agent, state, variables } = input;
  const render = (template: string) => renderTemplate(template, variables).text;
  const goal = agent.leadGoal;
  const goalActive = goal.enabled && goal.fields.length > 0;
  const askedLastTurn = goalActive && state.leadAskedTurn > 0 && state.leadAskedTurn === state.turns - 1;

  const details = extractLeadDetails(input.text, { expecting: askedLastTurn ? goal.fields : [] });
  const found = details.fields;
  const known: Partial<Record<LeadField, string>> = { ...state.known };
  for (const field of found) if (!field.masked && !known[field.field]) known[field.field] = field.value;
  const gaveContact = found.some((field) => !field.masked);
  const missingBefore = goal.fields.filter((field) => !state.known[field]);
  const missing = goal.fields.filter((field) => !known[field]);
  const completedNow = goalActive && missingBefore.length > 0 && missing.length === 0;

  const declinedNow = askedLastTurn && !gaveContact && isDecline(input.text);
  const leadDeclined = state.leadDeclined || declinedNow;

  const offHours = (): Main => ({
    kind: 'reply',
    text: render(agent.businessHours.offHoursText),
    hit: { type: 'offHours' },
    failures: 0,
  });
  const handoff = (reason: string): Main =>
    isWithinBusinessHours(agent.businessHours, input.now)
      ? { kind: 'handoff', text: render(agent.handoff.handoffReply), hit: { type: 'handoff', name: reason }, reason, failures: 0 }
      : offHours();

  const main = ((): Main => {
    if (declinedNow && isBareDecline(input.text)) {
      return { kind: 'reply', text: DECLINE_ACK_TEXT, hit: { type: 'leadAsk', name: DECLINE_ACK_HIT_NAME }, failures: state.failures };
    }
    const handoffReason = detectHandoff(agent.handoff, input.text);
    if (handoffReason) return handoff(handoffReason);
    // A masked number (138****8000, as some platforms show it) is still the customer giving a contact.
    if (found.length > 0 && isOnlyContact(details.rest)) {
      // The goal's thanks says the details are complete; a partial answer only gets acknowledged.
      const thanks = completedNow && goal.thanksText.trim() ? render(goal.thanksText) : CONTACT_ACK_TEXT;
      return { kind: 'reply', text: thanks, hit: { type: 'leadAsk', name: CONTACT_ACK_HIT_NAME }, failures: state.failures };
    }
    const rule = matchRule(input.rules, input.text);
    if (rule) {
      return { kind: 'reply', text: render(rule.reply), hit: { type: 'rule', id: rule.ruleId, name: rule.pattern }, failures: 0 };
    }
    // Contact details are no part of the question: 「运费怎么算？我电话138…」 asks 「运费怎么算」.
    const hits = index.search(found.length > 0 ? details.rest : input.text, MAX_REFERENCES);
    const top = hits[0];
    if (top && top.score >= agent.knowledgeThreshold) {
      return {
        kind: 'reply',
        text: render(top.entry.answer),
        hit: { type: 'knowledge', id: top.entry.knowledgeId, name: top.entry.question, score: top.score },
        failures: 0,
      };
    }
    const fallback = render(agent.fallbackReply);
    if (agent.providerId !== null) {
      // Below the threshold an entry may still help the model; far below it is noise.
      const references = hits.filter((hit) => hit.score >= agent.knowledgeThreshold / 2);
      const leadFields = leadDeclined ? [] : missing;
      return {
        kind: 'model',
        messages: buildModelMessages(agent, input.history, references, variables, input.text, leadFields),
        knowledge: references,
        fallback,
        failures: 0,
      };
    }
    const failures = state.failures + 1;
    const threshold = agent.handoff.failureThreshold;
    if (threshold > 0 && failures >= threshold) return handoff(`连续${failures}次未能回答`);
    return { kind: 'reply', text: fallback, hit: { type: 'fallback' }, failures };
  })();

  let leadAskedTurn = state.leadAskedTurn;
  let leadAsks = state.leadAsks ?? 0;
  let leadAsk: TurnPlan['leadAsk'];
  if (main.kind !== 'handoff' && goalActive) {
    if (completedNow) {
      const thanks = render(goal.thanksText);
      if (thanks.trim() && !(main.kind === 'reply' && main.text === thanks)) {
        leadAsk = { text: thanks, hit: { type: 'leadAsk', name: LEAD_THANKS_HIT_NAME } };
      }
    } else if (
      missing.length > 0 &&
      !leadDeclined &&
      state.turns >= goal.askAfterTurns &&
      (state.leadAskedTurn === 0 || state.turns - state.leadAskedTurn > LEAD_ASK_GAP) &&
      leadAsks < LEAD_ASK_MAX &&
      goal.askText.trim()
    ) {
      // An answer that already asks for contact details (the templates' fallbacks do) is this turn's
      // lead question: asking again right under it reads like a script.
      if (!(main.kind === 'reply' && ASKS_CONTACT.test(main.text))) {
        leadAsk = { text: render(goal.askText), hit: { type: 'leadAsk', name: LEAD_ASK_HIT_NAME } };
      }
      leadAskedTurn = state.turns;
      leadAsks += 1;
    }
  }

  const { failures, ...plan } = main;
  return { ...plan, found, ...(leadAsk ? { leadAsk } : {}), next: { failures, leadAskedTurn, leadDeclined, leadAsks } };
}
