import { eq, sql } from 'drizzle-orm';
import type { MessageHit } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { aiKnowledge, aiReplyRule } from '../../../db/schema';

/**
 * Counts an answer given by a reply rule or a knowledge entry (the list's 命中次数 and 最后命中时间).
 * Other kinds of answers have no entry to count. Hit counts are not part of the agent bundle, so
 * its cache stays valid.
 */
export async function recordHit(deps: Pick<AppDeps, 'database' | 'now'>, hit: MessageHit): Promise<void> {
  if (hit.id === undefined) return;
  const at = new Date(deps.now());
  const { db } = deps.database;
  if (hit.type === 'rule') {
    await db.update(aiReplyRule).set({ hitCount: sql`${aiReplyRule.hitCount} + 1`, lastHitTime: at }).where(eq(aiReplyRule.ruleId, hit.id));
  } else if (hit.type === 'knowledge') {
    await db.update(aiKnowledge).set({ hitCount: sql`${aiKnowledge.hitCount} + 1`, lastHitTime: at }).where(eq(aiKnowledge.knowledgeId, hit.id));
  }
}
