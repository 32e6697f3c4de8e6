import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import { DEFAULT_FALLBACK_REPLY, type LeadField, type MessageHit } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { aiConversation, aiMessage, crmCustomer } from '../../../db/schema';
import { captureLead, type CaptureResult, type ContactFields } from '../../crm/capture';
import { duplicateWindowHours } from '../../crm/lead/config';
import { announceCapture } from '../../crm/notify/announce';
import { loadAgentBundle, turnVariables, type AgentBundle } from '../agent/bundle';
import { extractLeadFields } from '../engine/lead-extract';
import { LEAD_ASK_HIT_NAME, planTurn } from '../engine/plan';
import type { ChatMessage, FoundField, TurnContext, TurnState } from '../engine/types';
import { cosineScores } from '../embedding/cosine';
import { embedQuery } from '../embedding/service';
import { loadProviderForRuntime, type RuntimeProvider } from '../model/provider-runtime';
import { recordUnknownQuestion } from '../unknown/collect';
import { recordHit } from '../reply/hits';
import { publishCapture, publishMessages, publishRow, publishStatus, publishToConversation } from './events';
import { appendMessages, latestMessages, type ConversationPatch, type ConversationRow, type MessageRow, type NewMessage } from './messages';
import { answerWithModel, elapsed } from './model-answer';
import { handoffMessages } from './transitions';

/** The agent's model provider, loaded on first call and shared by the rest of the turn. */
type ProviderOnce = () => Promise<RuntimeProvider | null>;

/** `log`, when the caller has one (the public chat's background answer), records failures after the reply. */
type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'> & { log?: { error: (obj: object, msg: string) => void } };

export const RuntimeMsg = {
  NO_CONVERSATION: '会话不存在',
  CLOSED: '会话已结束，请刷新页面开始新的会话',
  NO_AGENT: '该客服不存在或未发布',
} as const;

export interface CustomerMessageInput {
  conversationId: number;
  content: string;
  clientMsgId?: string;
  /** The debug chat: drafts answer, nothing goes live, no customer or lead is created, no hit is counted. */
  debug?: boolean;
  /** The conversation as the caller already read it (the visitor check), saving a query. */
  conversation?: ConversationRow;
}

/** A customer message stored (or recognised as a resend) and what the answer needs. */
export interface AcceptedMessage {
  message: MessageRow;
  duplicate: boolean;
  conversation: ConversationRow;
  bundle: AgentBundle;
  found: FoundField[];
  capture: CaptureResult | null;
  debug: boolean;
  /** performance.now() when the message arrived: AI latencies count from here. */
  receivedAt: number;
}

export interface TurnResult {
  /** The conversation after the answer (status 'waiting' after a handoff). */
  conversation: ConversationRow;
  message: MessageRow;
  duplicate: boolean;
  /** AI and system messages of the answer, in order (none while staff answer). */
  replies: MessageRow[];
  found: FoundField[];
}

/** Whether the lead goal asked for contact details in answer to the previous message. */
function expectedFields(conv: ConversationRow, bundle: AgentBundle): LeadField[] | undefined {
  const goal = bundle.engine.leadGoal;
  return goal.enabled && conv.leadAskedTurn > 0 && conv.leadAskedTurn === conv.turns ? goal.fields : undefined;
}

async function readConversation(deps: Deps, conversationId: number): Promise<ConversationRow> {
  const [row] = await deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId)).limit(1);
  if (!row) throw new ServiceError(RuntimeMsg.NO_CONVERSATION);
  return row;
}

/**
 * Stores the customer's message (seq = last_seq + 1) and files any lead fields it contains, in one
 * transaction, then publishes it. A resend with a clientMsgId already stored changes nothing and
 * returns the stored message with `duplicate: true`.
 */
export async function acceptCustomerMessage(deps: Deps, input: CustomerMessageInput): Promise<AcceptedMessage> {
  const receivedAt = performance.now();
  const debug = Boolean(input.debug);
  const known = input.conversation ?? (await readConversation(deps, input.conversationId));
  if (known.status === 'closed') throw new ServiceError(RuntimeMsg.CLOSED);
  const bundle = await loadAgentBundle(deps, known.agentId);
  if (!bundle || (!debug && bundle.row.status !== 'published')) throw new ServiceError(RuntimeMsg.NO_AGENT);

  const content = input.content.trim();
  const found = extractLeadFields(content, { expecting: expectedFields(known, bundle) });
  const now = deps.now();
  const capturing = found.length > 0 && !debug;
  const windowHours = capturing ? await duplicateWindowHours(deps) : 0;
  let stored: { message: MessageRow; conversation: ConversationRow; capture: CaptureResult | null } | null = null;
  try {
    stored = await deps.database.db.transaction(async (tx) => {
      const appended = await appendMessages(
        tx,
        known.conversationId,
        [{ sender: 'customer', content, clientMsgId: input.clientMsgId ?? null, leadFields: found }],
        now,
        { onlyIf: 'open', patch: { turns: sql`${aiConversation.turns} + 1` } },
      );
      if (!appended) throw new ServiceError(RuntimeMsg.CLOSED);
      const [message] = appended.rows;
      if (!message) return tx.rollback();
      const capture = capturing
        ? await captureLead(tx, { conversation: appended.conversation, fields: found.map((f) => ({ ...f, messageId: message.messageId })) }, now, windowHours)
        : null;
      const conversation = capture ? { ...appended.conversation, customerId: capture.customerId } : appended.conversation;
      return { message, conversation, capture };
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }

  if (!stored) {
    const [message] = await deps.database.db
      .select()
      .from(aiMessage)
      .where(and(eq(aiMessage.conversationId, known.conversationId), eq(aiMessage.clientMsgId, input.clientMsgId ?? '')))
      .limit(1);
    return { message, duplicate: true, conversation: known, bundle, found: message.leadFields, capture: null, debug, receivedAt };
  }

  const { message, conversation, capture } = stored;
  await publishMessages(deps, conversation.channel, [message]);
  if (!debug) await publishCapture(deps, conversation.conversationId, capture);
  await announceCapture(deps, capture);
  return { message, duplicate: false, conversation, bundle, found, capture, debug, receivedAt };
}

/**
 * Lead fields known before this message (the plan finds this message's own fields itself and
 * thanks the customer when they complete the goal): the customer as it was before the capture,
 * or (debug, where nothing is filed) the fields of earlier messages.
 */
async function knownFields(deps: Deps, accepted: AcceptedMessage): Promise<TurnState['known']> {
  const { conversation, capture, debug, message } = accepted;
  const { db } = deps.database;
  const known: TurnState['known'] = {};
  if (debug) {
    const rows = await db
      .select({ fields: aiMessage.leadFields })
      .from(aiMessage)
      .where(and(eq(aiMessage.conversationId, conversation.conversationId), lt(aiMessage.seq, message.seq)))
      .orderBy(asc(aiMessage.seq));
    for (const f of rows.flatMap((r) => r.fields)) if (!f.masked && !known[f.field]) known[f.field] = f.value;
    return known;
  }
  let customer: Pick<ContactFields, 'name' | 'phone' | 'wechat'> | undefined = capture?.before;
  if (!customer && conversation.customerId !== null) {
    [customer] = await db
      .select({ name: crmCustomer.name, phone: crmCustomer.phone, wechat: crmCustomer.wechat })
      .from(crmCustomer)
      .where(eq(crmCustomer.customerId, conversation.customerId))
      .limit(1);
  }
  if (customer?.name) known.name = customer.name;
  if (customer?.phone) known.phone = customer.phone;
  if (customer?.wechat) known.wechat = customer.wechat;
  return known;
}

/** Messages read for the turn's context: the previous customer message and the AI's answer to it. */
const CONTEXT_MESSAGES = 6;

/** How many of the latest messages the model's history reads (the current one included), 0 without a model. */
function historyReach(accepted: AcceptedMessage): number {
  const limit = accepted.bundle.engine.params.historyMessages;
  return accepted.bundle.engine.providerId === null || limit <= 0 ? 0 : limit + 1;
}

/** The conversation's latest messages, read once for both the model's history and the turn's context. */
function recentMessages(deps: Deps, accepted: AcceptedMessage): Promise<MessageRow[]> {
  return latestMessages(deps.database.db, accepted.conversation.conversationId, Math.max(CONTEXT_MESSAGES, historyReach(accepted)));
}

/** Earlier messages for the model, oldest first, without the current one and without system notes. */
function modelHistory(accepted: AcceptedMessage, recent: MessageRow[]): ChatMessage[] {
  const reach = historyReach(accepted);
  if (reach === 0) return [];
  return recent
    .slice(-reach)
    .filter((m) => m.seq < accepted.message.seq && m.sender !== 'system')
    .slice(-(reach - 1))
    .map((m) => ({ role: m.sender === 'customer' ? 'user' : 'assistant', content: m.content }));
}

/**
 * What was said just before: the customer's previous message (a short follow-up is read with it)
 * and, when the AI's last message offered 「您是想问」 choices, their entry ids (「2」 picks one).
 */
function turnContext(accepted: AcceptedMessage, recent: MessageRow[]): TurnContext {
  const earlier = recent.slice(-CONTEXT_MESSAGES).filter((m) => m.seq < accepted.message.seq);
  const context: TurnContext = {};
  const previous = earlier.filter((m) => m.sender === 'customer').at(-1);
  if (previous) context.previous = { text: previous.content };
  // The answer to the previous message may be a clarify followed by the lead question: any clarify since counts.
  const since = previous ? earlier.filter((m) => m.seq > previous.seq) : earlier;
  const clarify = since.find((m) => m.sender === 'ai' && m.hit?.type === 'clarify');
  if (clarify?.hit?.candidates) context.offered = clarify.hit.candidates.map((c) => c.id);
  return context;
}

/**
 * The message's similarity to each entry through the provider's embeddings, when the agent has
 * vectors; undefined (words only) otherwise or when the provider does not answer in time.
 */
async function vectorScoresFor(deps: Deps, accepted: AcceptedMessage, provider: ProviderOnce): Promise<ReadonlyMap<number, number> | undefined> {
  if (accepted.bundle.vectors.length === 0) return undefined;
  const loaded = await provider();
  const query = loaded ? await embedQuery(deps, loaded, accepted.message.content) : null;
  return query ? cosineScores(accepted.bundle.vectors, query) : undefined;
}

/** Lead questions already sent in the conversation (the goal stops asking after a few); read only when the goal is on. */
async function leadAsksSoFar(deps: Deps, accepted: AcceptedMessage): Promise<number> {
  const goal = accepted.bundle.engine.leadGoal;
  if (!goal.enabled) return 0;
  const [row] = await deps.database.db
    .select({ n: count() })
    .from(aiMessage)
    .where(
      and(
        eq(aiMessage.conversationId, accepted.conversation.conversationId),
        eq(aiMessage.sender, 'ai'),
        sql`${aiMessage.hit}->>'type' = 'leadAsk'`,
        sql`${aiMessage.hit}->>'name' = ${LEAD_ASK_HIT_NAME}`,
      ),
    );
  return row?.n ?? 0;
}

const countsAsHit = (hit: MessageHit | null | undefined): hit is MessageHit => hit?.type === 'rule' || hit?.type === 'knowledge';

/**
 * Answers a stored customer message: silent while staff answer (waiting/human); otherwise the
 * plan's reply, handoff or model answer, then the lead question when the plan has one. Messages
 * are stored and published, the conversation's counters updated from the plan, typing shown around.
 */
export async function answerCustomerMessage(deps: Deps, accepted: AcceptedMessage): Promise<{ conversation: ConversationRow; replies: MessageRow[] }> {
  const { conversation, bundle, debug } = accepted;
  const live = !debug;
  const id = conversation.conversationId;
  if (conversation.status !== 'ai') {
    if (live) await publishRow(deps, id);
    return { conversation, replies: [] };
  }
  if (live) await publishToConversation(deps, id, { type: 'typing', sender: 'ai', on: true });
  try {
    // The agent's provider is read at most once per turn, by the embeddings or the model, whichever asks first.
    let providerLoad: Promise<RuntimeProvider | null> | undefined;
    const provider: ProviderOnce = () =>
      (providerLoad ??= bundle.engine.providerId === null ? Promise.resolve(null) : loadProviderForRuntime(deps, bundle.engine.providerId));
    const [known, recent, leadAsks, vectorScores] = await Promise.all([
      knownFields(deps, accepted),
      recentMessages(deps, accepted),
      leadAsksSoFar(deps, accepted),
      vectorScoresFor(deps, accepted, provider),
    ]);
    const history = modelHistory(accepted, recent);
    const context = turnContext(accepted, recent);
    const now = deps.now();
    const plan = planTurn(
      {
        agent: bundle.engine,
        rules: bundle.rules,
        knowledge: bundle.knowledge,
        text: accepted.message.content,
        state: {
          turns: conversation.turns,
          failures: conversation.failures,
          leadAskedTurn: conversation.leadAskedTurn,
          leadDeclined: conversation.leadDeclined,
          leadAsks,
          known,
        },
        history,
        variables: turnVariables(bundle, now, known.name ?? ''),
        now,
        context,
        ...(vectorScores ? { vectorScores } : {}),
      },
      bundle.index,
    );

    const tempId = randomUUID();
    const messages: NewMessage[] = [];
    const { failures, leadAskedTurn, leadDeclined } = plan.next;
    const patch: ConversationPatch = { failures, leadAskedTurn, leadDeclined };
    if (plan.kind === 'model') {
      const answer = await answerWithModel(deps, accepted, plan, tempId, await provider());
      messages.push(answer.message);
      if (answer.failed) patch.failures = conversation.failures + 1;
    } else {
      messages.push({ sender: 'ai', content: plan.text, hit: plan.hit, latencyMs: elapsed(accepted.receivedAt) });
      if (plan.kind === 'handoff') {
        messages.push(...handoffMessages(plan.reason));
        Object.assign(patch, { status: 'waiting', handoffReason: plan.reason.slice(0, 100) });
      }
    }
    if (plan.leadAsk) messages.push({ sender: 'ai', content: plan.leadAsk.text, hit: plan.leadAsk.hit, latencyMs: elapsed(accepted.receivedAt) });

    const appended = await deps.database.db.transaction((tx) => appendMessages(tx, id, messages, deps.now(), { patch, onlyIf: 'ai' }));
    // Staff took over or closed the conversation while the answer was prepared: theirs is the last word.
    if (!appended) return { conversation, replies: [] };
    if (live) {
      await publishMessages(deps, conversation.channel, appended.rows.slice(0, 1), plan.kind === 'model' ? tempId : undefined);
      await publishMessages(deps, conversation.channel, appended.rows.slice(1));
      if (plan.kind === 'handoff') await publishStatus(deps, appended.conversation);
      else await publishRow(deps, id);
      for (const m of appended.rows) if (countsAsHit(m.hit)) await recordHit(deps, m.hit);
      await collectUnknown(deps, accepted, appended.rows[0]);
    }
    return { conversation: appended.conversation, replies: appended.rows };
  } finally {
    if (live) await publishToConversation(deps, id, { type: 'typing', sender: 'ai', on: false });
  }
}

/**
 * A message the AI could not answer with confidence (a clarify or the fallback) goes to 未知问题 for
 * staff. The reply is already stored and sent: a failure here is logged, never the customer's problem.
 */
async function collectUnknown(deps: Deps, accepted: AcceptedMessage, answer: MessageRow | undefined): Promise<void> {
  const hit = answer?.hit;
  if (hit?.type !== 'clarify' && hit?.type !== 'fallback') return;
  try {
    await recordUnknownQuestion(deps, {
      agentId: accepted.conversation.agentId,
      text: accepted.message.content,
      outcome: hit.type,
      candidates: hit.candidates ?? hit.refs ?? [],
      at: new Date(deps.now()),
    });
  } catch (err) {
    deps.log?.error({ err, conversationId: accepted.conversation.conversationId }, 'collecting an unknown question failed');
  }
}

/**
 * One customer turn end to end, answered before returning (the debug chat; later Douyin and BOSS).
 * The public chat accepts and answers separately so the sender is not kept waiting.
 */
export async function handleCustomerMessage(deps: Deps, input: CustomerMessageInput): Promise<TurnResult> {
  const accepted = await acceptCustomerMessage(deps, input);
  const answer = accepted.duplicate ? { conversation: accepted.conversation, replies: [] } : await answerCustomerMessage(deps, accepted);
  return { ...answer, message: accepted.message, duplicate: accepted.duplicate, found: accepted.found };
}

/**
 * The public chat's background answer: whatever goes wrong, the customer gets the fallback reply
 * instead of silence, and the error is logged.
 */
export async function answerInBackground(deps: Deps & { log: { error: (obj: object, msg: string) => void } }, accepted: AcceptedMessage): Promise<void> {
  try {
    await answerCustomerMessage(deps, accepted);
  } catch (err) {
    deps.log.error({ err, conversationId: accepted.conversation.conversationId }, 'chat turn failed');
    const fallback = accepted.bundle.row.fallbackReply || DEFAULT_FALLBACK_REPLY;
    try {
      const appended = await deps.database.db.transaction((tx) =>
        appendMessages(
          tx,
          accepted.conversation.conversationId,
          [{ sender: 'ai', content: fallback, hit: { type: 'fallback', error: 'internal: 系统内部错误' }, latencyMs: elapsed(accepted.receivedAt) }],
          deps.now(),
          { onlyIf: 'ai' },
        ),
      );
      if (appended) await publishMessages(deps, accepted.conversation.channel, appended.rows);
    } catch (inner) {
      deps.log.error({ err: inner, conversationId: accepted.conversation.conversationId }, 'chat fallback failed');
    }
  }
}
