// The FAQ benchmark's data sets and how one customer question is put to the built-in engine. Shared by
// the bench (bench/faq/run.mjs) and the regression test (apps/server/test/ai/engine/faq-regression.test.ts),
// so both judge the engine the same way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_CLARIFY_THRESHOLD, DEFAULT_KNOWLEDGE_THRESHOLD, type HitCandidate } from '@acs/shared';
import { templateOf } from '../../apps/server/src/modules/ai/agent/templates';
import { planTurn } from '../../apps/server/src/modules/ai/engine/plan';
import { KnowledgeIndex } from '../../apps/server/src/modules/ai/engine/retrieval';
import type { EngineAgent, EngineKnowledge, EngineRule, TurnInput, TurnPlan } from '../../apps/server/src/modules/ai/engine/types';

export const ANSWERABLE_KINDS = ['direct', 'colloquial', 'paraphrase', 'synonym', 'typo', 'chitchat', 'word-order', 'followup'] as const;
export const UNANSWERABLE_KINDS = ['greeting', 'thanks', 'offtopic', 'near-miss'] as const;
export const KINDS = [...ANSWERABLE_KINDS, ...UNANSWERABLE_KINDS] as const;
export type QuestionKind = (typeof KINDS)[number];

const entrySchema = z.object({
  id: z.number().int().positive(),
  question: z.string().min(1),
  similarQuestions: z.array(z.string().min(1)),
  answer: z.string().min(1),
});

const questionSchema = z
  .object({
    text: z.string().min(1),
    kind: z.enum(KINDS),
    expect: z.number().int().positive().nullable(),
    /** The customer's previous message, for follow-ups (「那大码呢」 after 「衣服尺码怎么选」). */
    previous: z.string().min(1).optional(),
    regression: z.boolean().optional(),
  })
  .refine((q) => (q.expect === null) === (UNANSWERABLE_KINDS as readonly string[]).includes(q.kind), {
    message: 'greeting/thanks/offtopic/near-miss expect null, the other kinds an entry id',
  })
  .refine((q) => (q.kind === 'followup') === (q.previous !== undefined), { message: 'previous goes with kind followup only' });

const dataSetSchema = z
  .object({
    business: z.string().min(1),
    label: z.string().min(1),
    entries: z.array(entrySchema).min(1),
    questions: z.array(questionSchema).min(1),
  })
  .superRefine((set, ctx) => {
    const ids = new Set(set.entries.map((e) => e.id));
    if (ids.size !== set.entries.length) ctx.addIssue({ code: 'custom', message: 'entry ids must be unique' });
    for (const q of set.questions) {
      if (q.expect !== null && !ids.has(q.expect)) ctx.addIssue({ code: 'custom', message: `「${q.text}」 expects unknown entry ${q.expect}` });
    }
  });

export type FaqEntry = z.infer<typeof entrySchema>;
export type FaqQuestion = z.infer<typeof questionSchema>;
export type FaqDataSet = z.infer<typeof dataSetSchema> & { file: string };

export const DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));

/** Every bench/faq/data/*.json, by file name; a malformed set throws with its file name. */
export function loadDataSets(dir: string = DATA_DIR): FaqDataSet[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = dataSetSchema.safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
      if (!parsed.success) throw new Error(`bench/faq/data/${file}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      return { ...parsed.data, file };
    });
}

export const toKnowledge = (entries: FaqEntry[]): EngineKnowledge[] =>
  entries.map((e) => ({ knowledgeId: e.id, question: e.question, similarQuestions: e.similarQuestions, answer: e.answer }));

export const buildIndex = (knowledge: EngineKnowledge[]): KnowledgeIndex => new KnowledgeIndex(knowledge);

const general = templateOf('general');

/** An agent made from the 通用客服 template with the product's thresholds, built-in engine, no lead goal. */
export const FAQ_AGENT: EngineAgent = {
  agentId: 1,
  name: '小美',
  systemPrompt: general.settings.systemPrompt,
  fallbackReply: general.settings.fallbackReply,
  handoff: general.settings.handoff,
  businessHours: general.settings.businessHours,
  leadGoal: { ...general.settings.leadGoal, enabled: false },
  knowledgeThreshold: DEFAULT_KNOWLEDGE_THRESHOLD,
  clarifyThreshold: DEFAULT_CLARIFY_THRESHOLD,
  params: general.settings.params,
  providerId: null,
  model: '',
};

/** The same agent answering with a model provider: what it cannot answer from knowledge goes to the model. */
export const FAQ_MODEL_AGENT: EngineAgent = { ...FAQ_AGENT, providerId: 1, model: 'bench-model' };

/** The template's rules as an admin gets them (ids are the database's business; any distinct ones do). */
export const FAQ_RULES: EngineRule[] = general.rules.map((rule, i) => ({ ruleId: 901 + i, ...rule }));

const VARIABLES: Record<string, string> = {
  agent_name: '小美',
  company_name: '本店',
  service_hours: '每天9:00–23:00',
  contact_phone: '400-800-1234',
};

/** 2026-11-23 10:00 China time, a Monday: inside any business hours. */
const NOW = Date.parse('2026-11-23T10:00:00+08:00');

/** One customer message as the first turn of a conversation (a follow-up carries its previous message). */
export function turnInput(question: Pick<FaqQuestion, 'text' | 'previous'>, knowledge: EngineKnowledge[], agent: EngineAgent = FAQ_AGENT): TurnInput {
  return {
    agent,
    rules: FAQ_RULES,
    knowledge,
    text: question.text,
    state: { turns: 1, failures: 0, leadAskedTurn: 0, leadDeclined: false, leadAsks: 0, known: {} },
    history: [],
    variables: VARIABLES,
    now: NOW,
    ...(question.previous ? { context: { previous: { text: question.previous } } } : {}),
  };
}

export type Outcome =
  | { type: 'answer'; id: number; score: number }
  | { type: 'clarify'; candidates: HitCandidate[] }
  /** fallback, rule, smalltalk, handoff, model…: no knowledge entry given to the customer. */
  | { type: 'other'; hit: string };

export function outcomeOf(plan: TurnPlan): Outcome {
  if (plan.kind === 'model') return { type: 'other', hit: 'model' };
  const { hit } = plan;
  if (plan.kind === 'reply' && hit.type === 'knowledge' && hit.id !== undefined) return { type: 'answer', id: hit.id, score: hit.score ?? 0 };
  if (plan.kind === 'reply' && hit.type === 'clarify') return { type: 'clarify', candidates: hit.candidates ?? [] };
  return { type: 'other', hit: hit.name ? `${hit.type} ${hit.name}` : hit.type };
}

export function ask(question: Pick<FaqQuestion, 'text' | 'previous'>, index: KnowledgeIndex, knowledge: EngineKnowledge[]): Outcome {
  return outcomeOf(planTurn(turnInput(question, knowledge), index));
}

/** What the same agent with a model provider would do with a question, without calling any model. */
export interface ModelVerdict {
  /** The expected entry answered as is, or among the references the model is asked to answer from (an upper bound of grounded answers: the model still has to recognise it). */
  reached: boolean;
  /** Answered as is with an entry that is not the expected one (any entry, for an unanswerable question): the model never saw it. */
  wrong: boolean;
}

export function judgeWithModel(question: Pick<FaqQuestion, 'text' | 'previous' | 'expect'>, index: KnowledgeIndex, knowledge: EngineKnowledge[]): ModelVerdict {
  const plan = planTurn(turnInput(question, knowledge, FAQ_MODEL_AGENT), index);
  if (plan.kind === 'model') return { reached: question.expect !== null && plan.knowledge.some((hit) => hit.entry.knowledgeId === question.expect), wrong: false };
  const outcome = outcomeOf(plan);
  const answered = outcome.type === 'answer' ? outcome.id : undefined;
  return { reached: question.expect !== null && answered === question.expect, wrong: answered !== undefined && answered !== question.expect };
}

export interface Verdict {
  /** Answered with the expected entry (answerable questions only). */
  right: boolean;
  /** Answered with an entry that is not the expected one (any entry, for an unanswerable question). */
  wrong: boolean;
  /** The expected entry was answered or among the clarify candidates. */
  offered: boolean;
}

export function judge(question: Pick<FaqQuestion, 'expect'>, outcome: Outcome): Verdict {
  const right = question.expect !== null && outcome.type === 'answer' && outcome.id === question.expect;
  const wrong = outcome.type === 'answer' && outcome.id !== question.expect;
  const offered = right || (question.expect !== null && outcome.type === 'clarify' && outcome.candidates.some((c) => c.id === question.expect));
  return { right, wrong, offered };
}
