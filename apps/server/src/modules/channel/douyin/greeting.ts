import { inArray } from 'drizzle-orm';
import { renderTemplate, type ReplyPolicy } from '@acs/shared';
import { channelOutbox } from '../../../db/schema';
import { DOUYIN_SCENES } from '../../../infra/douyin/constants';
import { loadAgentBundle, turnVariables } from '../../ai/agent/bundle';
import { publishMessages, publishRow } from '../../ai/runtime/events';
import { appendMessages } from '../../ai/runtime/messages';
import { openConversation, wantsStaff } from '../conversation';
import type { InboxDeps } from './handle-event';

export const GreetingSkip = {
  NO_AGENT: 'AI客服不存在或未发布',
  NO_WELCOME: 'AI客服未设置欢迎语',
  ALREADY_TALKING: '会话已有消息，不再发送欢迎语',
} as const;

export type GreetingResult = { sent: true; conversationId: number } | { sent: false; reason: string; conversationId?: number };

/**
 * A customer opened the account's DM page (im_enter_direct_msg): the agent's welcome message, once, in a
 * conversation that has nothing yet, when the account's policy lets the AI speak now. It is queued with the
 * enter scene, so the sender holds it to that scene's window and cap (limits.ts).
 */
export async function greetOnEnter(deps: InboxDeps, target: { accountId: number; agentId: number; uid: string; replyPolicy: ReplyPolicy }): Promise<GreetingResult> {
  const staffReason = await wantsStaff(deps, target.replyPolicy, target.agentId);
  if (staffReason) return { sent: false, reason: staffReason };
  const bundle = await loadAgentBundle(deps, target.agentId);
  if (!bundle || bundle.row.status !== 'published') return { sent: false, reason: GreetingSkip.NO_AGENT };
  const welcome = renderTemplate(bundle.row.welcomeMessage, turnVariables(bundle, deps.now(), '')).text.trim();
  if (!welcome) return { sent: false, reason: GreetingSkip.NO_WELCOME };

  const conversation = await openConversation(deps, { platform: 'douyin', ...target });
  const conversationId = conversation.conversationId;
  if (conversation.lastSeq > 0) return { sent: false, reason: GreetingSkip.ALREADY_TALKING, conversationId };
  const appended = await deps.database.db.transaction(async (tx) => {
    const done = await appendMessages(tx, conversationId, [{ sender: 'ai', content: welcome, hit: { type: 'welcome' } }], deps.now(), { onlyIf: 'ai' });
    if (done) {
      const ids = done.rows.map((m) => m.messageId);
      await tx.update(channelOutbox).set({ scene: DOUYIN_SCENES.enter }).where(inArray(channelOutbox.messageId, ids));
    }
    return done;
  });
  if (!appended) return { sent: false, reason: GreetingSkip.ALREADY_TALKING, conversationId };
  await publishMessages(deps, 'douyin', appended.rows);
  await publishRow(deps, conversationId);
  return { sent: true, conversationId };
}
