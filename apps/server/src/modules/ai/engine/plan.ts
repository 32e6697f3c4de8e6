import { CLARIFY_MAX, CLARIFY_PROMPT, MAX_REFERENCES, REFERENCE_FLOOR_SHARE, UNFAMILIAR_DIRECT_MIN, renderTemplate, type AgentLeadGoal, type LeadField, type MessageHit } from '@acs/shared';
import { handoffKeyword, isQuestion, requestedHuman } from './handoff';
import { isWithinBusinessHours } from './hours';
import { extractLeadDetails, isBareDecline, isDecline, isOnlyContact } from './lead-extract';
import { normalizeForMatch, TRAILING_PUNCTUATION } from './normalize';
import { buildModelMessages } from './prompt';
import { ANSWER_ONLY_MAX, ASKS_SOMETHING, type KnowledgeIndex } from './retrieval';
import { matchRule, smallTalkRule } from './rules';
import { SMALLTALK_LABELS, SMALLTALK_REPLIES, smallTalkOf } from './smalltalk';
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

/** Two entries both above the answer threshold and this close are a question the engine cannot decide alone. */
export const AMBIGUITY_MARGIN = 0.03;
/** A candidate offered in a clarify scores at least this share of the best one. */
const CLARIFY_RELATIVE = 0.5;
/** 「2」「第二个」「选3」: the customer picks one of the questions a clarify offered. */
const PICK = /^(?:第|选|要)?\s*([1-9一二三四五六七八九])\s*(?:个|条|项|号)?$/;
const PICK_NUMERALS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** 「那大码呢」「周末呢」「还有呢」: a message that leans on the previous one. */
const ELLIPTICAL = /^(?:那|那么|那如果|那要是|还有|另外|那个)|呢[\s?？。!！~]*$/;

/**
 * The missing fields of the lead goal given what is known: none once satisfied (any one field for
 * an 'any' goal, every field for 'all').
 */
export function missingLeadFields(goal: AgentLeadGoal, known: Partial<Record<LeadField, string>>): LeadField[] {
  const missing = goal.fields.filter((field) => !known[field]);
  const satisfied = goal.match === 'any' ? missing.length < goal.fields.length : missing.length === 0;
  return satisfied ? [] : missing;
}

/** Knowledge decision for one message: answer with one entry, offer a few, or nothing close. */
export type Decision =
  | { kind: 'answer'; hit: KnowledgeHit }
  | { kind: 'clarify'; candidates: KnowledgeHit[] }
  | { kind: 'none' };

/**
 * The three bands (docs/ai-service.md §检索与评分): at or above the answer threshold the best entry answers,
 * unless a second one is as good (then both are offered); between the clarify and the answer
 * threshold up to CLARIFY_MAX close entries are offered; below it nothing is. In the upper half of
 * the clarify band a lone candidate answers when the message names nothing the knowledge does not
 * know (`familiar`): a typo or an unusual wording of this business's own question, not another
 * question that happens to share a word with it.
 */
export function decide(hits: KnowledgeHit[], answerThreshold: number, clarifyThreshold: number, familiar = false): Decision {
  const [top, second] = hits;
  if (!top) return { kind: 'none' };
  if (top.score >= answerThreshold) {
    if (!second || second.score < answerThreshold || top.score - second.score >= AMBIGUITY_MARGIN) return { kind: 'answer', hit: top };
    return { kind: 'clarify', candidates: hits.filter((hit) => top.score - hit.score < AMBIGUITY_MARGIN).slice(0, CLARIFY_MAX) };
  }
  const floor = Math.max(clarifyThreshold, top.score * CLARIFY_RELATIVE);
  const candidates = hits.filter((hit) => hit.score >= floor).slice(0, CLARIFY_MAX);
  if (candidates.length === 1 && familiar && top.score >= (answerThreshold + clarifyThreshold) / 2) return { kind: 'answer', hit: top };
  return candidates.length > 0 ? { kind: 'clarify', candidates } : { kind: 'none' };
}

/** The clarify message: the prompt and a numbered list, readable on text-only channels. */
export function clarifyText(candidates: KnowledgeHit[]): string {
  return [CLARIFY_PROMPT, ...candidates.map((hit, i) => `${i + 1}. ${hit.entry.question}`)].join('\n');
}

/** Drops the sentences of a reply that ask for contact details (the goal is already met). */
function withoutContactAsk(text: string): string {
  const sentences = text.match(/[^。！？!?]+[。！？!?]*/g) ?? [text];
  const kept = sentences.filter((sentence) => !(ASKS_CONTACT.test(sentence) && /[？?吗]/.test(sentence)));
  return kept.length > 0 ? kept.join('').trim() : text;
}

/** The answer part of the plan, with the failures counter it leaves. */
type Main = (
  | { kind: 'reply'; text: string; hit: MessageHit }
  | { kind: 'handoff'; text: string; hit: MessageHit; reason: string }
  | { kind: 'model'; messages: ChatMessage[]; knowledge: KnowledgeHit[]; fallback: string }
) & { failures: number };

/** The entry the customer picked from the last clarify by its number (「2」「第二个」), if any. */
function pickOffered(input: TurnInput, index: KnowledgeIndex) {
  const offered = input.context?.offered;
  if (!offered || offered.length === 0) return undefined;
  const m = PICK.exec(normalizeForMatch(input.text).replace(TRAILING_PUNCTUATION, ''));
  if (!m) return undefined;
  const n = PICK_NUMERALS[m[1] as string] ?? Number(m[1]);
  const id = offered[n - 1];
  return id === undefined ? undefined : index.entryById(id);
}

/**
 * 「周末呢」「那银行卡呢」: nothing but a thing and 呢, no question of its own. It asks the previous
 * question again about that thing; when no entry speaks of the thing, the previous question's own
 * best entry is the likeliest answer (the opening hours again, with the weekend in them).
 */
const BARE_ELLIPSIS = /^(?:那|那么|还有|那如果|那要是)?([^呢]{1,8})呢$/;
/** An entry that compares two things (「半包和全包有什么区别」). */
const COMPARISON = /区别|不同|差别|哪个好|哪种好|对比|比较/;
/** A comparison entry's score for a bare ellipsis, which names one thing. */
const COMPARISON_FACTOR = 0.5;
/** The previous question's best entry, offered again for a bare ellipsis, keeps this share of its score. */
const PREVIOUS_INTENT_SHARE = 0.9;

const scaled = (hit: KnowledgeHit, factor: number): KnowledgeHit => ({ entry: hit.entry, score: Math.round(hit.score * factor * 1000) / 1000 });
const byScore = (a: KnowledgeHit, b: KnowledgeHit) => b.score - a.score || a.entry.knowledgeId - b.entry.knowledgeId;

/**
 * The hits of a bare ellipsis: a comparison entry counts for half (the customer moved on to another
 * thing, 「一对一呢」 after 「小班多少钱」, and did not ask how the two compare); when nothing is
 * confident then, the previous question's best entry is offered again: answered when no other entry
 * speaks of the thing, else after those that do.
 */
function readBareEllipsis(hits: KnowledgeHit[], previousBest: () => KnowledgeHit | undefined, answerThreshold: number): KnowledgeHit[] {
  const comparisons = hits.filter((hit) => COMPARISON.test(hit.entry.question));
  const about = hits.filter((hit) => !comparisons.includes(hit));
  // Above what an entry's answer alone can reach: its question speaks of the thing.
  const speaking = about.filter((hit) => hit.score > ANSWER_ONLY_MAX);
  const read = [...about, ...comparisons.map((hit) => scaled(hit, COMPARISON_FACTOR))].sort(byScore);
  if ((read[0]?.score ?? 0) >= answerThreshold) return read;
  const before = previousBest();
  if (!before || speaking.some((hit) => hit.entry.knowledgeId === before.entry.knowledgeId)) return read;
  // An entry that speaks of the thing stays first; the previous one is then only offered beside it.
  const cap = speaking[0] ? speaking[0].score - 0.001 : 1;
  const again = { entry: before.entry, score: Math.min(cap, scaled(before, PREVIOUS_INTENT_SHARE).score) };
  return [again, ...read.filter((hit) => hit.entry.knowledgeId !== before.entry.knowledgeId)].sort(byScore);
}

/**
 * Retrieval for this message, read with the previous message when it leans on it (「那大码呢」 after
 * a size question) or finds nothing confident alone; the better reading wins.
 */
function searchWithContext(input: TurnInput, index: KnowledgeIndex, question: string): KnowledgeHit[] {
  const options = input.vectorScores ? { vectorScores: input.vectorScores } : {};
  const own = index.search(question, MAX_REFERENCES + 2, options);
  const previous = input.context?.previous?.text;
  const ownTop = own[0]?.score ?? 0;
  const normalized = normalizeForMatch(question).replace(TRAILING_PUNCTUATION, '');
  if (!previous || (!ELLIPTICAL.test(normalized) && ownTop >= input.agent.knowledgeThreshold)) return own;
  const read = index.search(question, MAX_REFERENCES + 2, { ...options, previous });
  const best = (read[0]?.score ?? 0) > ownTop ? read : own;
  const thing = BARE_ELLIPSIS.exec(normalized)?.[1];
  if (thing === undefined || ASKS_SOMETHING.test(thing)) return best;
  return readBareEllipsis(best, () => index.search(previous, 1, options)[0], input.agent.knowledgeThreshold);
}

/**
 * Decides one customer turn (no I/O): lead fields → a bare decline → an explicit request for a
 * person → contact-only acknowledgement → a handoff keyword in a demand → reply rule (small-talk
 * rules only for small talk) → small talk → a number picking one of the last clarify's choices →
 * knowledge (answer / clarify / nothing, docs/ai-service.md §检索与评分) → a handoff keyword nothing
 * answers → model → clarify → fallback (handoff after `failureThreshold` consecutive fallbacks).
 * Handoffs become the off-hours text outside business hours. Then the lead goal may add its
 * question, or its thanks when this message completed it.
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
  const missingBefore = missingLeadFields(goal, state.known);
  const missing = missingLeadFields(goal, known);
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

  const knowledgeReply = (hit: KnowledgeHit): Main => ({
    kind: 'reply',
    text: render(hit.entry.answer),
    hit: { type: 'knowledge', id: hit.entry.knowledgeId, name: hit.entry.question, score: hit.score },
    failures: 0,
  });

  const main = ((): Main => {
    if (declinedNow && isBareDecline(input.text)) {
      return { kind: 'reply', text: DECLINE_ACK_TEXT, hit: { type: 'leadAsk', name: DECLINE_ACK_HIT_NAME }, failures: state.failures };
    }
    const asked = requestedHuman(agent.handoff, input.text);
    if (asked) return handoff(asked);
    // A masked number (138****8000, as some platforms show it) is still the customer giving a contact.
    if (found.length > 0 && isOnlyContact(details.rest)) {
      // The goal's thanks says the details are complete; a partial answer only gets acknowledged.
      const thanks = completedNow && goal.thanksText.trim() ? render(goal.thanksText) : CONTACT_ACK_TEXT;
      return { kind: 'reply', text: thanks, hit: { type: 'leadAsk', name: CONTACT_ACK_HIT_NAME }, failures: state.failures };
    }
    // A demand with a handoff keyword (「我要投诉」) goes to staff at once; a question about it
    // (「收到的货坏了能退款吗」) does only when nothing answers it with confidence.
    const keyword = handoffKeyword(agent.handoff, input.text);
    const question = isQuestion(input.text);
    if (keyword && !question) return handoff(keyword);
    const talk = smallTalkOf(input.text);
    const rule = matchRule(input.rules, input.text, talk) ?? (talk ? smallTalkRule(input.rules, talk) : null);
    if (rule) {
      return { kind: 'reply', text: render(rule.reply), hit: { type: 'rule', id: rule.ruleId, name: rule.pattern }, failures: 0 };
    }
    if (talk) return { kind: 'reply', text: SMALLTALK_REPLIES[talk], hit: { type: 'smalltalk', name: SMALLTALK_LABELS[talk] }, failures: state.failures };

    const picked = pickOffered(input, index);
    if (picked) return knowledgeReply({ entry: picked, score: 1 });

    // Contact details are no part of the question: 「运费怎么算？我电话138…」 asks 「运费怎么算」.
    const message = found.length > 0 ? details.rest : input.text;
    const hits = searchWithContext(input, index, message);
    const withModel = agent.providerId !== null;
    // With a model the clarify band is the model's to read: it tells a lone candidate that answers from one that does not.
    const decision = decide(hits, agent.knowledgeThreshold, agent.clarifyThreshold, !withModel && index.isFamiliar(message));
    if (keyword && decision.kind !== 'answer') return handoff(keyword);
    if (
      decision.kind === 'answer' &&
      (!withModel || decision.hit.score >= Math.max(agent.knowledgeThreshold, UNFAMILIAR_DIRECT_MIN) || index.isFamiliar(message))
    ) {
      return knowledgeReply(decision.hit);
    }

    const fallback = render(agent.fallbackReply);
    if (withModel) {
      // Entries in and a little below the clarify band may still hold the answer: the model reads them and answers only from them.
      const floor = agent.clarifyThreshold * REFERENCE_FLOOR_SHARE;
      const references = hits.filter((hit) => hit.score >= floor).slice(0, MAX_REFERENCES);
      const leadFields = leadDeclined ? [] : missing;
      return {
        kind: 'model',
        messages: buildModelMessages(agent, input.history, references, variables, input.text, leadFields),
        knowledge: references,
        fallback,
        failures: 0,
      };
    }
    if (decision.kind === 'clarify') {
      const candidates = decision.candidates.map((hit) => ({ id: hit.entry.knowledgeId, name: hit.entry.question, score: hit.score }));
      return { kind: 'reply', text: clarifyText(decision.candidates), hit: { type: 'clarify', candidates }, failures: state.failures };
    }
    const failures = state.failures + 1;
    const threshold = agent.handoff.failureThreshold;
    if (threshold > 0 && failures >= threshold) return handoff(`连续${failures}次未能回答`);
    return { kind: 'reply', text: fallback, hit: { type: 'fallback' }, failures };
  })();
  // Once the goal is met nobody is asked for their contact details again, not even by an answer's text.
  if (goalActive && missing.length === 0 && main.kind === 'reply') main.text = withoutContactAsk(main.text);

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
