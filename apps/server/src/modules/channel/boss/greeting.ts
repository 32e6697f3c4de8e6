import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { channelOutbox } from '../../../db/schema';
import { appendMessages } from '../../ai/runtime/messages';
import { publishMessages } from '../../ai/runtime/events';
import { defaultTemplate, jobValues, renderGreeting } from '../bossZP/template';
import { openConversation } from '../conversation';
import type { ConnectorAccount } from './connector-account';
import { GREETING_SOURCE } from './limits';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

interface GreetingTarget {
  candidateId: string;
  candidateName: string;
  jobId: number;
  agentId: number;
}

/**
 * The recruiter's first words to a candidate new to the account, from the default template rendered
 * with the job and the candidate. Stored as the AI's message in the candidate's conversation (so staff
 * see it and the agent reads it as context) and queued as a greeting: it is handed out under the
 * account's greeting cap, not the reply cap. Nothing happens without an enabled default template.
 */
async function queueGreeting(deps: Deps, account: ConnectorAccount, target: GreetingTarget): Promise<boolean> {
  const { db } = deps.database;
  const template = await defaultTemplate(db, account.accountId);
  const values = template ? await jobValues(db, target.jobId) : null;
  if (!template || !values) return false;
  const { text } = renderGreeting(template.content, { ...values, candidateName: target.candidateName });
  if (!text.trim()) return false;
  const conversation = await openConversation(deps, {
    platform: 'boss',
    accountId: account.accountId,
    agentId: target.agentId,
    uid: target.candidateId,
  });
  const appended = await db.transaction(async (tx) => {
    const stored = await appendMessages(
      tx,
      conversation.conversationId,
      [{ sender: 'ai', content: text, senderName: account.recruiterName, hit: { type: 'welcome', id: template.templateId, name: '打招呼模板' } }],
      deps.now(),
      { onlyIf: 'open' },
    );
    const [message] = stored?.rows ?? [];
    if (message) await tx.update(channelOutbox).set({ sendSource: GREETING_SOURCE }).where(eq(channelOutbox.messageId, message.messageId));
    return stored;
  });
  if (!appended) return false;
  await publishMessages(deps, 'boss', appended.rows);
  return true;
}

/**
 * Greets a candidate first seen now (a message or a profile push) through a known job, when the job or
 * the account has an agent to hold the conversation. A candidate already known is never greeted again.
 */
export async function greetNewCandidate(
  deps: Deps,
  account: ConnectorAccount,
  seen: { created: boolean; candidate: { bossUid: string; name: string } },
  job: { jobId: number; agentId: number | null } | null,
): Promise<void> {
  const agentId = job?.agentId ?? account.agentId;
  if (!seen.created || !job || !agentId) return;
  await queueGreeting(deps, account, { candidateId: seen.candidate.bossUid, candidateName: seen.candidate.name, jobId: job.jobId, agentId });
}
