import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { aiAgent, aiConversation, aiMessage } from '../../../db/schema';
import { handleCustomerMessage } from '../runtime/turn';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

export const DebugMsg = {
  NO_AGENT: '客服不存在',
  NO_CONVERSATION: '调试会话不存在，请重新开始',
} as const;

/** The debug dialog's visitor: one per staff member, so two people testing one agent do not mix. */
const debugVisitor = (userId: number) => `debug:${userId}`;

async function debugConversation(deps: Deps, agentId: number, userId: number, conversationId: number | undefined) {
  const { db } = deps.database;
  if (conversationId !== undefined) {
    const [row] = await db
      .select()
      .from(aiConversation)
      .where(and(eq(aiConversation.conversationId, conversationId), eq(aiConversation.agentId, agentId), eq(aiConversation.channel, 'debug')))
      .limit(1);
    // A conversation the AI handed to staff stays silent; the dialog starts over instead.
    if (row && row.status === 'ai') return row;
    if (!row) throw new ServiceError(DebugMsg.NO_CONVERSATION);
  }
  const [agent] = await db.select({ agentId: aiAgent.agentId }).from(aiAgent).where(eq(aiAgent.agentId, agentId)).limit(1);
  if (!agent) throw new ServiceError(DebugMsg.NO_AGENT);
  const [row] = await db
    .insert(aiConversation)
    .values({ agentId, channel: 'debug', visitorId: debugVisitor(userId), createTime: new Date(deps.now()) })
    .returning();
  return row;
}

/**
 * One debug turn, answered before returning: the same runtime as /chat on a 'debug' conversation
 * (drafts answer too), with how each reply was produced. Found lead fields are reported, never filed.
 */
export async function debugTurn(deps: Deps, agentId: number, userId: number, body: { conversationId?: number; content: string }) {
  const conversation = await debugConversation(deps, agentId, userId, body.conversationId);
  const turn = await handleCustomerMessage(deps, { conversationId: conversation.conversationId, content: body.content, conversation, debug: true });
  return {
    conversationId: conversation.conversationId,
    status: turn.conversation.status,
    turn: { customer: turn.message, replies: turn.replies },
    found: turn.found,
  };
}

/** 重新开始: the debug conversation and its messages go. */
export async function resetDebug(deps: Deps, agentId: number, conversationId: number): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const removed = await tx
      .delete(aiConversation)
      .where(and(eq(aiConversation.conversationId, conversationId), eq(aiConversation.agentId, agentId), eq(aiConversation.channel, 'debug')))
      .returning({ conversationId: aiConversation.conversationId });
    if (removed.length === 0) return 0;
    await tx.delete(aiMessage).where(eq(aiMessage.conversationId, conversationId));
    return removed.length;
  });
}
