import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { sysNotice, sysNoticeRead } from '../../../db/schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;

/** How many notices the top bar shows. */
export const TOP_NOTICE_LIMIT = 5;

/** The newest normal notices with the caller's read flag, for the top bar. */
export async function listTopNotices(deps: Deps, userId: number) {
  const rows = await deps.database.db
    .select({
      noticeId: sysNotice.noticeId,
      noticeTitle: sysNotice.noticeTitle,
      noticeType: sysNotice.noticeType,
      status: sysNotice.status,
      createBy: sysNotice.createBy,
      createTime: sysNotice.createTime,
      readId: sysNoticeRead.readId,
    })
    .from(sysNotice)
    .leftJoin(sysNoticeRead, and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, userId)))
    .where(eq(sysNotice.status, '0'))
    .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId))
    .limit(TOP_NOTICE_LIMIT);
  return rows.map(({ readId, ...notice }) => ({ ...notice, isRead: readId !== null }));
}

/** Records reads; a notice already read keeps its first read time. */
export async function markNoticesRead(deps: Deps, userId: number, noticeIds: number[]): Promise<void> {
  if (noticeIds.length === 0) return;
  const existing = await deps.database.db
    .select({ noticeId: sysNotice.noticeId })
    .from(sysNotice)
    .where(inArray(sysNotice.noticeId, noticeIds));
  if (existing.length === 0) return;
  const readTime = new Date(deps.now());
  await deps.database.db
    .insert(sysNoticeRead)
    .values(existing.map(({ noticeId }) => ({ noticeId, userId, readTime })))
    .onConflictDoNothing({ target: [sysNoticeRead.userId, sysNoticeRead.noticeId] });
}

export async function getNotice(deps: Deps, noticeId: number) {
  const [row] = await deps.database.db.select().from(sysNotice).where(eq(sysNotice.noticeId, noticeId)).limit(1);
  return row ?? null;
}
