import { and, asc, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { aiConversation, sysJobLog, sysLogininfor, sysOperLog } from '../../../db/schema';
import { rollupPass } from '../../ai/csData/rollup';
import { closeConversation } from '../../ai/runtime/transitions';
import { reclaimOverdue } from '../../crm/distribution/reclaim';

/** `config`: handlers that open sealed secrets (the Douyin token refresh). */
export type TaskDeps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

/** Conversations ended per run; the rest wait for the next run, so one run stays short. */
const IDLE_BATCH = 200;

/** RuoYi's RyTask: it only reports what it was given (in the job log's message). */
export const ryTask = {
  ryNoParams: () => '执行无参方法',
  ryParams: (params: string) => `执行有参方法：${params}`,
  ryMultipleParams: (s: string, b: boolean, l: number, d: number, i: number) =>
    `执行多参方法： 字符串类型${s}，布尔类型${String(b)}，长整型${l}，浮点型${d}，整形${i}`,
};

export async function reclaimLeads(deps: TaskDeps): Promise<string> {
  const reclaimed = await reclaimOverdue(deps);
  return reclaimed > 0 ? `回收线索${reclaimed}条` : '没有需要回收的线索';
}

export async function rollupCsData(deps: TaskDeps): Promise<string> {
  const range = await rollupPass(deps);
  return range ? `已重算${range.from}至${range.to}的客服数据` : '没有需要重算的日期';
}

/**
 * Ends visitor conversations (not the agents' debug dialogs) with no message for `idleMinutes`, each
 * through the same transition as staff closing it: the note is stored and the open chat and the staff's
 * list hear of it. A conversation that somebody closed meanwhile is simply skipped.
 */
export async function closeIdleConversations(deps: TaskDeps, idleMinutes: number): Promise<string> {
  const cutoff = new Date(deps.now() - idleMinutes * 60_000);
  const idle = await deps.database.db
    .select({ conversationId: aiConversation.conversationId })
    .from(aiConversation)
    .where(
      and(
        ne(aiConversation.status, 'closed'),
        ne(aiConversation.channel, 'debug'),
        lt(sql`coalesce(${aiConversation.lastMessageTime}, ${aiConversation.createTime})`, cutoff),
      ),
    )
    .orderBy(asc(aiConversation.conversationId))
    .limit(IDLE_BATCH);
  let closed = 0;
  for (const { conversationId } of idle) {
    try {
      await closeConversation(deps, conversationId);
      closed++;
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
    }
  }
  return `结束空闲${idleMinutes}分钟以上的会话${closed}个`;
}

/** Rows deleted per statement: a large backlog goes in short statements, not one long lock. */
const CLEAN_CHUNK = 5000;

async function deleteBefore(deps: TaskDeps, table: PgTable, id: AnyPgColumn, time: AnyPgColumn, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const chunk = deps.database.db.select({ id }).from(table).where(lt(time, cutoff)).limit(CLEAN_CHUNK);
    const removed = await deps.database.db.delete(table).where(inArray(id, chunk)).returning({ id });
    total += removed.length;
    if (removed.length < CLEAN_CHUNK) return total;
  }
}

/** Log retention: rows older than `days` go from the three log tables. */
export async function cleanLogs(deps: TaskDeps, days: number): Promise<string> {
  const cutoff = new Date(deps.now() - days * 86_400_000);
  const oper = await deleteBefore(deps, sysOperLog, sysOperLog.operId, sysOperLog.operTime, cutoff);
  const login = await deleteBefore(deps, sysLogininfor, sysLogininfor.infoId, sysLogininfor.loginTime, cutoff);
  const job = await deleteBefore(deps, sysJobLog, sysJobLog.jobLogId, sysJobLog.createTime, cutoff);
  return `删除${days}天前的操作日志${oper}条、登录日志${login}条、调度日志${job}条`;
}
