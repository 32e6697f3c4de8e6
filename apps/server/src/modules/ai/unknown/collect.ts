import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { HitCandidate } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { aiUnknownQuestion } from '../../../db/schema';
import { toHalfWidth } from '../engine/normalize';

type Deps = Pick<AppDeps, 'database'>;

export interface UnknownQuestionInput {
  agentId: number;
  /** The customer's message as written. */
  text: string;
  outcome: 'clarify' | 'fallback';
  /** The entries the engine came closest to (the clarify choices, or the best below the bar). */
  candidates: HitCandidate[];
  at: Date;
}

/** Longer messages are stories or pasted text, not a question to add to the knowledge. */
export const UNKNOWN_TEXT_MAX = 200;
/** Other phrasings kept beside a group's first question, newest first. */
export const UNKNOWN_SAMPLES_MAX = 5;
/** Bigram Dice coefficient from which a message counts as the same question as a group's. */
export const UNKNOWN_SIMILARITY_MIN = 0.6;
/** Only the most recently active groups are compared, so collecting stays one small indexed read. */
export const UNKNOWN_SCAN_MAX = 200;
const CANDIDATES_MAX = 5;

// Sentence-final particles change the tone, not the question: 运费多少呢 and 运费多少 are one question.
// Only at the end of a clause, so 酒吧 or 啊里 inside a sentence keep their characters.
const CLAUSE_PARTICLES = /[吗嘛呢啊呀吧哦喔啦]+(?=[\s\p{P}\p{S}]|$)/gu;
const NOT_WORDS = /[\s\p{P}\p{S}]+/gu;

/** The form groups are compared in: half-width, lower case, without clause-final particles, punctuation or spaces. */
export function normalizeQuestion(text: string): string {
  return toHalfWidth(text).toLowerCase().replace(CLAUSE_PARTICLES, '').replace(NOT_WORDS, '');
}

/** Character bigrams as a multiset; a one-character text is its own only gram. */
function bigrams(text: string): Map<string, number> {
  const chars = [...text];
  const grams = new Map<string, number>();
  if (chars.length === 1) grams.set(chars[0], 1);
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i] + chars[i + 1];
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of the character bigrams of two normalised texts: 1 for equal texts, 0 for nothing shared. */
export function questionSimilarity(a: string, b: string): number {
  if (a === b) return a ? 1 : 0;
  const ga = bigrams(a);
  const gb = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [gram, n] of ga) {
    shared += Math.min(n, gb.get(gram) ?? 0);
    total += n;
  }
  for (const n of gb.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}

interface GroupRow {
  unknownId: number;
  question: string;
  samples: string[];
  status: string;
}

/**
 * How well a message fits a group: a pending group takes similar messages (compared with its first
 * question, so a group cannot drift away from it sample by sample) and exact repeats of any of its
 * texts; an ignored group only takes exact repeats, so staff are not asked again about what they
 * dismissed while a merely similar message still gets a pending group of its own.
 */
function fit(group: GroupRow, normalized: string): number {
  const texts = [group.question, ...group.samples].map(normalizeQuestion);
  if (texts.includes(normalized)) return 1;
  if (group.status !== 'pending') return 0;
  const score = questionSimilarity(normalized, texts[0]);
  return score >= UNKNOWN_SIMILARITY_MIN ? score : 0;
}

/** The text first, then the older samples that differ from it and from the question, at most UNKNOWN_SAMPLES_MAX. */
const withSample = (group: GroupRow, text: string) =>
  [text, ...group.samples].filter((s, i, all) => s !== group.question && all.indexOf(s) === i).slice(0, UNKNOWN_SAMPLES_MAX);

/**
 * Collects a live customer message that ended in clarify or fallback into the agent's 未知问题.
 *
 * It joins the best-fitting group among the agent's UNKNOWN_SCAN_MAX most recently active pending
 * and ignored groups (see `fit`), or starts a new pending group. Joining counts the hit, moves the
 * last time, outcome and candidates to this message and puts the text first among the samples. An
 * ignored group that gets the same question again stays ignored but is counted; a group already
 * handled (added or created) is not matched: if the engine still cannot answer it, that is news.
 * Messages that are empty after normalisation (only punctuation or particles) or longer than
 * UNKNOWN_TEXT_MAX are not questions and are skipped.
 *
 * Cost: one indexed read of at most UNKNOWN_SCAN_MAX short rows and one write. Two messages of the
 * same new question at the same moment may start two groups, and two joining one group at once may
 * keep only one of their samples (hits are added in SQL, so the count stays right); both are
 * harmless for a list staff review. It throws on database errors: the caller runs it after the
 * reply is sent and decides how to log a failure, which must never fail the customer's turn.
 */
export async function recordUnknownQuestion(deps: Deps, input: UnknownQuestionInput): Promise<void> {
  const text = input.text.trim();
  const normalized = normalizeQuestion(text);
  if (!normalized || [...text].length > UNKNOWN_TEXT_MAX) return;
  const { db } = deps.database;
  const candidates = input.candidates.slice(0, CANDIDATES_MAX);
  const groups = await db
    .select({
      unknownId: aiUnknownQuestion.unknownId,
      question: aiUnknownQuestion.question,
      samples: aiUnknownQuestion.samples,
      status: aiUnknownQuestion.status,
    })
    .from(aiUnknownQuestion)
    .where(and(eq(aiUnknownQuestion.agentId, input.agentId), inArray(aiUnknownQuestion.status, ['pending', 'ignored'])))
    .orderBy(desc(aiUnknownQuestion.lastTime), desc(aiUnknownQuestion.unknownId))
    .limit(UNKNOWN_SCAN_MAX);

  let best: GroupRow | undefined;
  let bestFit = 0;
  // Most recent first: on equal fit the group active last wins.
  for (const group of groups) {
    const score = fit(group, normalized);
    if (score > bestFit) [best, bestFit] = [group, score];
  }

  if (!best) {
    await db.insert(aiUnknownQuestion).values({
      agentId: input.agentId,
      question: text,
      samples: [],
      hits: 1,
      outcome: input.outcome,
      candidates,
      status: 'pending',
      firstTime: input.at,
      lastTime: input.at,
    });
    return;
  }
  await db
    .update(aiUnknownQuestion)
    .set({
      hits: sql`${aiUnknownQuestion.hits} + 1`,
      samples: withSample(best, text),
      outcome: input.outcome,
      candidates,
      lastTime: input.at,
    })
    .where(eq(aiUnknownQuestion.unknownId, best.unknownId));
}
