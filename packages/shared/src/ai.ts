/** Types and constants of the AI customer-service area, shared by the server, the console and /chat. */

export const AGENT_STATUSES = ['draft', 'published', 'disabled'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = { draft: '草稿', published: '已发布', disabled: '已停用' };

export const AGENT_TEMPLATES = ['blank', 'general', 'recruit', 'lead'] as const;
export type AgentTemplate = (typeof AGENT_TEMPLATES)[number];
export const AGENT_TEMPLATE_LABELS: Record<AgentTemplate, string> = { blank: '空白', general: '通用客服', recruit: '招聘', lead: '留资获客' };

export const CHANNELS = ['web', 'douyin', 'boss'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel | 'debug', string> = { web: '网页', douyin: '抖音', boss: 'BOSS直聘', debug: '调试' };

export const CONVERSATION_STATUSES = ['ai', 'waiting', 'human', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  ai: 'AI接待中',
  waiting: '等待人工',
  human: '人工接待中',
  closed: '已结束',
};

export const MESSAGE_SENDERS = ['customer', 'ai', 'staff', 'system'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

export const REPLY_MATCH_TYPES = ['keyword', 'exact', 'regex'] as const;
export type ReplyMatchType = (typeof REPLY_MATCH_TYPES)[number];
export const REPLY_MATCH_LABELS: Record<ReplyMatchType, string> = { keyword: '关键词包含', exact: '完全匹配', regex: '正则' };

export const LEAD_FIELDS = ['phone', 'wechat', 'name'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];
export const LEAD_FIELD_LABELS: Record<LeadField, string> = { phone: '手机号', wechat: '微信号', name: '姓名' };

export const LEAD_STATUSES = ['new', 'assigned', 'contacted', 'converted', 'invalid', 'duplicate'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const VARIABLE_TYPES = ['text', 'number', 'select', 'date', 'phone', 'boolean'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export const VARIABLE_TYPE_LABELS: Record<VariableType, string> = {
  text: '文本',
  number: '数字',
  select: '选项',
  date: '日期',
  phone: '电话',
  boolean: '是/否',
};
export const VARIABLE_SCOPES = ['global', 'agent'] as const;
export type VariableScope = (typeof VARIABLE_SCOPES)[number];
export const VARIABLE_SCOPE_LABELS: Record<VariableScope, string> = { global: '全局', agent: '客服专属' };
/** Variable keys: a letter first, then letters, digits, '_' or '.'. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

/** Values the runtime supplies itself; user variables may not take these keys. */
export const VARIABLE_SYSTEM_KEYS = {
  agent_name: '客服名称',
  customer_name: '客户称呼',
  today: '今天日期',
  now: '当前时间',
  weekday: '星期几',
} as const;
export type SystemVariableKey = keyof typeof VARIABLE_SYSTEM_KEYS;

export interface VariableOption {
  label: string;
  value: string;
}

export interface AgentModelParams {
  temperature: number;
  maxTokens: number;
  /** How many earlier messages go to the model with each turn. */
  historyMessages: number;
}

export interface AgentHandoff {
  /** A customer message containing any of these asks for a human. */
  keywords: string[];
  /** "转人工", "人工客服"… count as a request for a human. */
  explicitRequest: boolean;
  /** Hand off after this many consecutive unanswered (fallback) messages; 0 = never. */
  failureThreshold: number;
  /** What the customer is told when the conversation is handed to staff. */
  handoffReply: string;
}

export interface AgentBusinessHours {
  enabled: boolean;
  /** ISO weekdays 1 (Mon) … 7 (Sun). */
  days: number[];
  /** 'HH:mm', China time. */
  start: string;
  end: string;
  /** Shown on /chat and said when a human is requested outside business hours. */
  offHoursText: string;
}

/** all: every field of the goal is wanted · any: one of them is enough (「手机号或微信」). */
export const LEAD_GOAL_MATCHES = ['all', 'any'] as const;
export type LeadGoalMatch = (typeof LEAD_GOAL_MATCHES)[number];
export const LEAD_GOAL_MATCH_LABELS: Record<LeadGoalMatch, string> = { all: '全部填写', any: '任填其一' };

export interface AgentLeadGoal {
  enabled: boolean;
  fields: LeadField[];
  /** Missing on goals stored before it existed: read as 'all'. */
  match?: LeadGoalMatch;
  /** Ask for the missing fields once the customer has sent this many messages. */
  askAfterTurns: number;
  askText: string;
  /** Said once every field of the goal is known. */
  thanksText: string;
}

/** The settings of an agent (the 设置 dialog), as the server stores and returns them. */
export interface AgentSettings {
  avatar: string;
  /** null: the built-in engine. */
  providerId: number | null;
  model: string;
  params: AgentModelParams;
  systemPrompt: string;
  welcomeMessage: string;
  quickQuestions: string[];
  fallbackReply: string;
  handoff: AgentHandoff;
  businessHours: AgentBusinessHours;
  leadGoal: AgentLeadGoal;
  /** A knowledge entry scoring at least this answers directly (0–1). */
  knowledgeThreshold: number;
  /** Below the answer threshold, entries scoring at least this are offered as 「您是想问」 (0–1). */
  clarifyThreshold: number;
}

/** Where an AI message came from, shown in the debug chat and the conversation record. */
/** A knowledge entry a message was measured against: offered by a clarify, or grounding a model answer. */
export interface HitCandidate {
  id: number;
  /** The entry's question. */
  name: string;
  score: number;
}

export interface MessageHit {
  /** smalltalk: a greeting, thanks or goodbye recognised by the engine; clarify: 「您是想问」 with candidates. */
  type: 'rule' | 'knowledge' | 'model' | 'fallback' | 'handoff' | 'offHours' | 'leadAsk' | 'welcome' | 'clarify' | 'smalltalk';
  /** Reply rule or knowledge entry id. */
  id?: number;
  /** Rule pattern, knowledge question or model name. */
  name?: string;
  /** Retrieval score 0–1 for knowledge hits. */
  score?: number;
  /** Why the model could not answer (timeout, rate limit, auth…) when a fallback replaced it. */
  error?: string;
  /** clarify: the entries offered, in the order numbered for the customer. */
  candidates?: HitCandidate[];
  /** model: the knowledge entries given to the model as its only source. */
  refs?: HitCandidate[];
}

export interface CapturedField {
  field: LeadField;
  value: string;
  /** A masked phone (138****5678): recorded, never used as the lead's phone. */
  masked?: boolean;
  /** regex · card (contact form) · answer (reply to the lead question) · llm · manual · profile (a BOSS直聘 candidate profile) */
  method: 'regex' | 'card' | 'answer' | 'llm' | 'manual' | 'profile';
  /** The message that evidences the value, and the words around it. */
  messageId?: number;
  evidence: string;
}

export const DEFAULT_MODEL_PARAMS: AgentModelParams = { temperature: 0.7, maxTokens: 800, historyMessages: 10 };
export const DEFAULT_HANDOFF: AgentHandoff = {
  keywords: ['投诉', '退款'],
  explicitRequest: true,
  failureThreshold: 3,
  handoffReply: '已为您转接人工客服，请稍候。',
};
export const DEFAULT_BUSINESS_HOURS: AgentBusinessHours = {
  enabled: false,
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '18:00',
  offHoursText: '您好，现在是非工作时间，人工客服将在工作时间内尽快回复您。',
};
export const DEFAULT_LEAD_GOAL: AgentLeadGoal = {
  enabled: false,
  fields: ['phone'],
  match: 'all',
  askAfterTurns: 2,
  askText: '方便留一下您的联系方式吗？我们的顾问会尽快与您联系。',
  thanksText: '好的，已记录您的联系方式，顾问会尽快联系您。',
};
export const DEFAULT_FALLBACK_REPLY = '抱歉，这个问题我暂时无法回答，您可以换个说法，或输入“转人工”联系人工客服。';
export const DEFAULT_KNOWLEDGE_THRESHOLD = 0.5;
export const DEFAULT_CLARIFY_THRESHOLD = 0.2;
/** The prefix of a clarify message; the candidates follow as a numbered list. */
export const CLARIFY_PROMPT = '您是想问：';
/** At most this many candidates are offered in one clarify message. */
export const CLARIFY_MAX = 3;
/**
 * At most this many knowledge entries go into a model's prompt as its references. A paraphrase often
 * shares only a word or two with its entry, which then ranks below entries sharing more surface words;
 * five short Q&A pairs are still a small prompt.
 */
export const MAX_REFERENCES = 5;
/**
 * A reference scores at least this share of the clarify threshold: a paraphrase scores below the
 * clarify band more often than any other kind, and the model, unlike the customer, can be shown an
 * entry that turns out unrelated (its prompt says so). bench/faq (twelve sets, 2026-12-01): with these
 * two the expected entry is answered or reaches the model for 89.7 % of answerable questions; with three
 * references in the clarify band, 87.3 %.
 */
export const REFERENCE_FLOOR_SHARE = 0.5;
/**
 * With a model, an entry answers as is a message that names something the knowledge lacks (not familiar,
 * engine/retrieval.ts isFamiliar) only from this score; below it the entry shares words with the message
 * but often not its question (「定金可以开发票吗」 and 「定金要交多少」), and the model reads it beside the
 * other references. bench/faq (fourteen sets, before the intent model): of such answers scoring 0.5–0.7,
 * 38 % were wrong; of those scoring 0.7 or more, 3 %. Sent as is wrongly with a model: 3.2 % of all
 * questions before, 1.5 % after.
 */
export const UNFAMILIAR_DIRECT_MIN = 0.7;

/** Limits of the public chat. */
export const CHAT_MESSAGE_MAX = 1000;
/** Each field of the contact card (name, phone as typed, WeChat id). */
export const CONTACT_FIELD_MAX = 20;

/**
 * Lengths of the AI texts kept in text and jsonb columns (which have none of their own): product limits
 * the server checks and the console's forms show.
 */
export const AI_TEXT_MAX = {
  systemPrompt: 4000,
  welcomeMessage: 1000,
  fallbackReply: 1000,
  quickQuestion: 50,
  handoffKeyword: 20,
  handoffReply: 500,
  offHoursText: 500,
  leadAskText: 500,
  leadThanksText: 500,
  ruleReply: 2000,
  knowledgeAnswer: 5000,
  similarQuestion: 200,
  variableOptionLabel: 50,
  variableOptionValue: 100,
  /** A text rendered by 预览 (the longest of the above, with room). */
  previewText: 10_000,
} as const;
/** Contact-card consent shown on /chat and stored with the lead. */
export const CHAT_CONSENT_TEXT = '我同意将以上联系方式提供给商家，用于就本次咨询与我联系。';
