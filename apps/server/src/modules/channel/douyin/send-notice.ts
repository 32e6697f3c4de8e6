import type { AppDeps } from '../../../app';
import { publishMessages, publishRow } from '../../ai/runtime/events';
import { appendMessages } from '../../ai/runtime/messages';

export const undeliveredNote = (status: 'failed' | 'skipped', reason: string) => (status === 'failed' ? `消息未能发送到抖音：${reason}` : `消息未发送到抖音：${reason}`);

/**
 * Tells the staff watching 在线会话 that a message of the conversation did not reach the customer: a system
 * note in the conversation (live on their screen, kept in the record), as handoffs are told. The message
 * itself carries send_status 'failed' and the reason.
 */
export async function notifyUndelivered(
  deps: Pick<AppDeps, 'database' | 'pubsub' | 'now'>,
  target: { conversationId: number },
  status: 'failed' | 'skipped',
  reason: string,
): Promise<void> {
  const appended = await deps.database.db.transaction((tx) =>
    appendMessages(tx, target.conversationId, [{ sender: 'system', content: undeliveredNote(status, reason) }], deps.now()),
  );
  if (!appended) return;
  await publishMessages(deps, 'douyin', appended.rows);
  await publishRow(deps, target.conversationId);
}
