import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type {
  AgentBusinessHours,
  AgentHandoff,
  AgentLeadGoal,
  AgentModelParams,
  MessageHit,
  CapturedField,
  HitCandidate,
  VariableOption,
} from '@acs/shared';
import { audit, idColumn, remark, status, ts } from './columns';

/**
 * An OpenAI-compatible model provider. The API key is stored encrypted (infra/crypto) and never
 * returned; the built-in engine is not a row: agents with no provider use it.
 */
export const aiModelProvider = pgTable('ai_model_provider', {
  providerId: idColumn('provider_id', 100),
  name: varchar('name', { length: 50 }).notNull(),
  baseUrl: varchar('base_url', { length: 500 }).notNull(),
  apiKeyEnc: text('api_key_enc').notNull().default(''),
  models: jsonb('models').$type<string[]>().notNull().default([]),
  defaultModel: varchar('default_model', { length: 100 }).notNull().default(''),
  timeoutMs: integer('timeout_ms').notNull().default(30_000),
  /** Model of the provider's OpenAI-compatible /embeddings endpoint; '' when it has none (words-only retrieval). */
  embeddingModel: varchar('embedding_model', { length: 100 }).notNull().default(''),
  status: status(),
  ...audit,
  remark: remark(),
});

export const aiAgent = pgTable('ai_agent', {
  agentId: idColumn('agent_id', 100),
  name: varchar('name', { length: 50 }).notNull(),
  avatar: varchar('avatar', { length: 200 }).notNull().default(''),
  /** draft · published · disabled */
  status: varchar('status', { length: 16 }).notNull().default('draft'),
  template: varchar('template', { length: 16 }).notNull().default('blank'),
  /** null: the built-in engine. */
  providerId: bigint('provider_id', { mode: 'number' }),
  model: varchar('model', { length: 100 }).notNull().default(''),
  params: jsonb('params').$type<AgentModelParams>().notNull(),
  systemPrompt: text('system_prompt').notNull().default(''),
  welcomeMessage: text('welcome_message').notNull().default(''),
  quickQuestions: jsonb('quick_questions').$type<string[]>().notNull().default([]),
  fallbackReply: text('fallback_reply').notNull().default(''),
  handoff: jsonb('handoff').$type<AgentHandoff>().notNull(),
  businessHours: jsonb('business_hours').$type<AgentBusinessHours>().notNull(),
  leadGoal: jsonb('lead_goal').$type<AgentLeadGoal>().notNull(),
  /** Minimum retrieval score (0–1) for a knowledge entry to answer. */
  knowledgeThreshold: real('knowledge_threshold').notNull().default(0.5),
  /** Minimum score (0–1) for an entry to be offered in a 「您是想问」 clarify message. */
  clarifyThreshold: real('clarify_threshold').notNull().default(0.2),
  publishedTime: ts('published_time'),
  ...audit,
  remark: remark(),
}, (t) => [uniqueIndex('uk_ai_agent_name').on(t.name)]);

/** keyword: any of the '|'-separated words is contained · exact: the whole message equals · regex */
export const aiReplyRule = pgTable('ai_reply_rule', {
  ruleId: idColumn('rule_id', 100),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  matchType: varchar('match_type', { length: 16 }).notNull(),
  pattern: varchar('pattern', { length: 500 }).notNull(),
  reply: text('reply').notNull(),
  priority: integer('priority').notNull().default(0),
  status: status(),
  hitCount: integer('hit_count').notNull().default(0),
  lastHitTime: ts('last_hit_time'),
  ...audit,
}, (t) => [index('idx_ai_reply_rule_agent').on(t.agentId)]);

export const aiKnowledge = pgTable('ai_knowledge', {
  knowledgeId: idColumn('knowledge_id', 100),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  question: varchar('question', { length: 500 }).notNull(),
  /** Other phrasings of the same question; retrieval scores against all of them. */
  similarQuestions: jsonb('similar_questions').$type<string[]>().notNull().default([]),
  answer: text('answer').notNull(),
  status: status(),
  hitCount: integer('hit_count').notNull().default(0),
  lastHitTime: ts('last_hit_time'),
  ...audit,
}, (t) => [index('idx_ai_knowledge_agent').on(t.agentId)]);

/**
 * A group of words that mean the same to customers (包邮, 免运费, 免邮), added to the built-in lexicon
 * for one agent or, with agent_id null, for every agent.
 */
export const aiSynonym = pgTable('ai_synonym', {
  synonymId: idColumn('synonym_id', 100),
  agentId: bigint('agent_id', { mode: 'number' }),
  /** Two or more words; the first is the one the others are read as. */
  words: jsonb('words').$type<string[]>().notNull(),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [index('idx_ai_synonym_agent').on(t.agentId)]);

/**
 * Customer messages the engine could not answer with confidence (clarify or fallback), grouped by
 * similarity per agent, for staff to turn into knowledge (未知问题).
 */
export const aiUnknownQuestion = pgTable('ai_unknown_question', {
  unknownId: idColumn('unknown_id', 1),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  /** The first message of the group, as the customer wrote it. */
  question: varchar('question', { length: 1000 }).notNull(),
  /** Up to a few other messages grouped with it, newest first. */
  samples: jsonb('samples').$type<string[]>().notNull().default([]),
  hits: integer('hits').notNull().default(1),
  /** clarify · fallback: how the last message of the group ended. */
  outcome: varchar('outcome', { length: 16 }).notNull(),
  /** The entries the engine came closest to, last time. */
  candidates: jsonb('candidates').$type<HitCandidate[]>().notNull().default([]),
  /** pending · added (as a similar question) · created (a new entry) · ignored */
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  knowledgeId: bigint('knowledge_id', { mode: 'number' }),
  firstTime: ts('first_time').notNull(),
  lastTime: ts('last_time').notNull(),
  handledBy: varchar('handled_by', { length: 64 }).notNull().default(''),
  handledTime: ts('handled_time'),
}, (t) => [index('idx_ai_unknown_agent').on(t.agentId, t.status, t.lastTime)]);

/**
 * The embedding of one phrasing of a knowledge entry (question or similar question) by one model,
 * computed in the background after the entry is saved. Kept as a real[] so PGlite and any
 * PostgreSQL hold it; similarity is computed in process over the agent's cached vectors.
 */
export const aiKnowledgeVector = pgTable('ai_knowledge_vector', {
  knowledgeId: bigint('knowledge_id', { mode: 'number' }).notNull(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  model: varchar('model', { length: 100 }).notNull(),
  /** sha256 of the phrasing's text: a changed phrasing gets a new vector, an unchanged one keeps its own. */
  textHash: varchar('text_hash', { length: 64 }).notNull(),
  phrasing: varchar('phrasing', { length: 500 }).notNull(),
  vector: real('vector').array().notNull(),
  createTime: ts('create_time').notNull(),
}, (t) => [primaryKey({ columns: [t.knowledgeId, t.model, t.textHash] }), index('idx_ai_knowledge_vector_agent').on(t.agentId, t.model)]);

/**
 * A variable used as {{key}}. Global ones (agent_id null) have a key unique among globals; agent
 * ones a key unique within their agent. Keys of the system variables (VARIABLE_SYSTEM_KEYS) are reserved.
 */
export const aiVariable = pgTable('ai_variable', {
  variableId: idColumn('variable_id', 100),
  varKey: varchar('var_key', { length: 64 }).notNull(),
  label: varchar('label', { length: 50 }).notNull(),
  /** text · number · select · date · phone · boolean */
  varType: varchar('var_type', { length: 16 }).notNull().default('text'),
  /** global · agent */
  scope: varchar('scope', { length: 16 }).notNull().default('global'),
  agentId: bigint('agent_id', { mode: 'number' }),
  defaultValue: varchar('default_value', { length: 500 }).notNull().default(''),
  /** Shown when the variable has no value at render time. */
  fallback: varchar('fallback', { length: 500 }).notNull().default(''),
  pattern: varchar('pattern', { length: 200 }).notNull().default(''),
  patternHint: varchar('pattern_hint', { length: 100 }).notNull().default(''),
  options: jsonb('options').$type<VariableOption[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [index('idx_ai_variable_agent').on(t.agentId)]);

/** An agent's own value for a global variable (the 设置变量 dialog). */
export const aiAgentVariable = pgTable('ai_agent_variable', {
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  variableId: bigint('variable_id', { mode: 'number' }).notNull(),
  value: varchar('value', { length: 500 }).notNull().default(''),
}, (t) => [uniqueIndex('uk_ai_agent_variable').on(t.agentId, t.variableId)]);

/**
 * An account on a channel an agent answers on. Web accounts are entry points of the public /chat
 * page; Douyin and BOSS accounts come with their channel screens.
 */
export const channelAccount = pgTable('channel_account', {
  accountId: idColumn('account_id', 100),
  /** web · douyin · boss */
  platform: varchar('platform', { length: 16 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  externalId: varchar('external_id', { length: 128 }).notNull().default(''),
  agentId: bigint('agent_id', { mode: 'number' }),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [index('idx_channel_account_agent').on(t.agentId)]);

export const aiConversation = pgTable('ai_conversation', {
  conversationId: idColumn('conversation_id', 1),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  /** web · douyin · boss · debug */
  channel: varchar('channel', { length: 16 }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }),
  customerId: bigint('customer_id', { mode: 'number' }),
  /** The visitor id kept in the customer's browser (web) or the platform user id. */
  visitorId: varchar('visitor_id', { length: 64 }).notNull(),
  /** ai · waiting · human · closed */
  status: varchar('status', { length: 16 }).notNull().default('ai'),
  assigneeId: bigint('assignee_id', { mode: 'number' }),
  assigneeName: varchar('assignee_name', { length: 30 }).notNull().default(''),
  handoffReason: varchar('handoff_reason', { length: 100 }).notNull().default(''),
  /** Customer messages so far. */
  turns: integer('turns').notNull().default(0),
  /** Consecutive customer messages the AI could not answer (fallback). */
  failures: integer('failures').notNull().default(0),
  /** Turn at which the lead goal last asked for contact details (0: never). */
  leadAskedTurn: integer('lead_asked_turn').notNull().default(0),
  /** The customer declined to give contact details: the lead goal stops asking. */
  leadDeclined: boolean('lead_declined').notNull().default(false),
  lastSeq: integer('last_seq').notNull().default(0),
  lastMessage: varchar('last_message', { length: 200 }).notNull().default(''),
  lastMessageTime: ts('last_message_time'),
  ip: varchar('ip', { length: 128 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  createTime: ts('create_time').notNull(),
  closeTime: ts('close_time'),
}, (t) => [
  index('idx_ai_conversation_agent_time').on(t.agentId, t.createTime),
  index('idx_ai_conversation_visitor').on(t.visitorId, t.agentId),
  index('idx_ai_conversation_status_time').on(t.status, t.lastMessageTime),
  // A customer's conversations: counts in 客户管理 and the customer timeline.
  index('idx_ai_conversation_customer').on(t.customerId),
]);

export const aiMessage = pgTable('ai_message', {
  messageId: idColumn('message_id', 1),
  conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
  /** 1, 2, 3… within the conversation: the client's resume point after a reconnect. */
  seq: integer('seq').notNull(),
  /** The customer's own id for a message it sent, so a resend after a network drop is not stored twice. */
  clientMsgId: varchar('client_msg_id', { length: 64 }),
  /** customer · ai · staff · system */
  sender: varchar('sender', { length: 16 }).notNull(),
  senderId: bigint('sender_id', { mode: 'number' }),
  senderName: varchar('sender_name', { length: 30 }).notNull().default(''),
  content: text('content').notNull(),
  /** What produced an AI message: rule, knowledge entry, model, fallback, handoff, lead question. */
  hit: jsonb('hit').$type<MessageHit>(),
  promptTokens: integer('prompt_tokens').notNull().default(0),
  completionTokens: integer('completion_tokens').notNull().default(0),
  latencyMs: integer('latency_ms').notNull().default(0),
  /** sent · failed */
  sendStatus: varchar('send_status', { length: 16 }).notNull().default('sent'),
  error: varchar('error', { length: 500 }).notNull().default(''),
  /** Lead fields found in this (customer) message. */
  leadFields: jsonb('lead_fields').$type<CapturedField[]>().notNull().default([]),
  createTime: ts('create_time').notNull(),
}, (t) => [
  uniqueIndex('uk_ai_message_seq').on(t.conversationId, t.seq),
  uniqueIndex('uk_ai_message_client').on(t.conversationId, t.clientMsgId),
  index('idx_ai_message_time').on(t.createTime),
]);

/**
 * 客服数据: one row per China day × agent × channel, rebuilt from conversations, messages and leads for
 * past days (today is computed live). First-response times are kept as a histogram so the median of
 * any range of rows can be computed, which medians per row could not give.
 */
export const aiStatDaily = pgTable('ai_stat_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  channel: varchar('channel', { length: 16 }).notNull(),
  conversations: integer('conversations').notNull().default(0),
  customerMessages: integer('customer_messages').notNull().default(0),
  aiReplies: integer('ai_replies').notNull().default(0),
  leads: integer('leads').notNull().default(0),
  contacted: integer('contacted').notNull().default(0),
  converted: integer('converted').notNull().default(0),
  handoffs: integer('handoffs').notNull().default(0),
  /** Conversations closed without a handoff. */
  aiResolved: integer('ai_resolved').notNull().default(0),
  knowledgeHits: integer('knowledge_hits').notNull().default(0),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  /** Counts of first-response times per bucket (bucket bounds in the 客服数据 module). */
  firstResponseHist: jsonb('first_response_hist').$type<number[]>().notNull().default([]),
  updateTime: ts('update_time').notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.agentId, t.channel] }), index('idx_ai_stat_daily_agent').on(t.agentId, t.day)]);
