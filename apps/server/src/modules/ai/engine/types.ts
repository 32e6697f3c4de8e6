import type {
  AgentBusinessHours,
  AgentHandoff,
  AgentLeadGoal,
  AgentModelParams,
  CapturedField,
  LeadField,
  MessageHit,
  ReplyMatchType,
} from '@acs/shared';

/** What the engine needs of an agent (a row of ai_agent, already loaded). */
export interface EngineAgent {
  agentId: number;
  name: string;
  systemPrompt: string;
  fallbackReply: string;
  handoff: AgentHandoff;
  businessHours: AgentBusinessHours;
  leadGoal: AgentLeadGoal;
  knowledgeThreshold: number;
  clarifyThreshold: number;
  params: AgentModelParams;
  /** null: the built-in engine answers; otherwise the turn goes to this provider's model. */
  providerId: number | null;
  model: string;
}

export interface EngineRule {
  ruleId: number;
  matchType: ReplyMatchType;
  pattern: string;
  reply: string;
  priority: number;
}

export interface EngineKnowledge {
  knowledgeId: number;
  question: string;
  similarQuestions: string[];
  answer: string;
}

export interface KnowledgeHit {
  entry: EngineKnowledge;
  /** 0–1; 1 is the same question. */
  score: number;
}

/** A captured field before it is tied to a stored message. */
export type FoundField = Omit<CapturedField, 'messageId'>;

/** Conversation state the engine reads; the runtime stores what the plan says changed. */
export interface TurnState {
  /** Customer messages so far, this one included. */
  turns: number;
  /** Consecutive customer messages answered by the fallback before this one. */
  failures: number;
  /** Turn at which the lead goal last asked (0: never). */
  leadAskedTurn: number;
  leadDeclined: boolean;
  /**
   * Lead questions sent so far in this conversation (the goal asks at most LEAD_ASK_MAX times).
   * The runtime can count the AI messages whose hit is { type: 'leadAsk', name: LEAD_ASK_HIT_NAME };
   * missing counts as 0.
   */
  leadAsks?: number;
  /** Lead fields already known for this customer (from earlier messages or the contact card). */
  known: Partial<Record<LeadField, string>>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * What to do with one customer message, decided without network or database:
 * - reply: send `text` (a rule, a knowledge entry, the fallback, off-hours text…);
 * - handoff: send `text` and put the conversation in the waiting-for-staff state;
 * - model: ask the agent's model with `messages` (the runtime streams it; on any error it sends
 *   `fallback` instead, recorded with the error).
 * In every case `leadAsk`, when set, is sent as a further message after the answer.
 */
export type TurnPlan = (
  | { kind: 'reply'; text: string; hit: MessageHit }
  | { kind: 'handoff'; text: string; hit: MessageHit; reason: string }
  | { kind: 'model'; messages: ChatMessage[]; knowledge: KnowledgeHit[]; fallback: string }
) & {
  /** Lead fields found in the customer's message (evidence kept). */
  found: FoundField[];
  /** The lead question or thanks to send after the answer, if the lead goal says so now. */
  leadAsk?: { text: string; hit: MessageHit };
  /** State after the turn: failures counter, when the lead goal asked, whether the customer declined. */
  next: Pick<TurnState, 'failures' | 'leadAskedTurn' | 'leadDeclined'> & { leadAsks: number };
};

/** What the conversation said just before this message. */
export interface TurnContext {
  /** The customer's previous message: a short follow-up (「那大码呢」「周末呢」) is read with its topic. */
  previous?: { text: string };
  /** The entries the last AI message offered as 「您是想问」, in order: 「2」 picks the second. */
  offered?: number[];
}

export interface TurnInput {
  agent: EngineAgent;
  /** Enabled rules, any order (the engine orders by priority, then id). */
  rules: EngineRule[];
  /** Enabled knowledge entries. */
  knowledge: EngineKnowledge[];
  /** The customer's message. */
  text: string;
  state: TurnState;
  /** Earlier messages, oldest first (for the model). */
  history: ChatMessage[];
  /** Variable values for {{key}} rendering (system ones included). */
  variables: Record<string, string>;
  /** Clock (ms since epoch). */
  now: number;
  context?: TurnContext;
  /** Cosine similarity per knowledge id of the message's embedding (the embeddings path), when the provider has one. */
  vectorScores?: ReadonlyMap<number, number>;
}
