import { and, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { likePattern, orderBy, paged } from '../../../core/list';
import { sysDept, sysNotice, sysNoticeRead, sysUser } from '../../../db/schema';
import { sanitizeNoticeHtml } from './sanitize';
import type { NoticeBody, NoticeFilters, ReadUsersQuery } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;
type WriteDeps = Deps & Pick<AppDeps, 'config'>;

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

function where(q: NoticeFilters): SQL | undefined {
  return and(
    q.noticeTitle ? like(sysNotice.noticeTitle, likePattern(q.noticeTitle)) : undefined,
    q.noticeType ? eq(sysNotice.noticeType, q.noticeType) : undefined,
    q.createBy ? like(sysNotice.createBy, likePattern(q.createBy)) : undefined,
  );
}

const sortable = { noticeId: sysNotice.noticeId, noticeTitle: sysNotice.noticeTitle, createTime: sysNotice.createTime };
const defaultOrder = [desc(sysNotice.noticeId)];

export async function listNotices(deps: Deps, q: NoticeFilters) {
  const { db } = deps.database;
  const filter = where(q);
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(sysNotice).where(filter))[0].n,
    (limit, offset) => db.select().from(sysNotice).where(filter).orderBy(...orderBy(q, sortable, defaultOrder)).limit(limit).offset(offset),
  );
}

/** The stored form of a notice: content through the allow-list sanitiser (the XSS filter skips notices). */
function fieldsOf(deps: WriteDeps, body: NoticeBody) {
  const content = body.noticeContent;
  return {
    noticeTitle: body.noticeTitle,
    noticeType: body.noticeType,
    noticeContent: content === null || content === undefined ? content : sanitizeNoticeHtml(content, { apiPrefix: deps.config.apiPrefix }),
    status: body.status,
    remark: body.remark,
  };
}

export async function insertNotice(deps: WriteDeps, body: NoticeBody, operator: string): Promise<number> {
  const rows = await deps.database.db
    .insert(sysNotice)
    .values({ ...fieldsOf(deps, body), status: body.status ?? '0', createBy: operator, createTime: new Date(deps.now()) })
    .returning({ noticeId: sysNotice.noticeId });
  return rows.length;
}

/** Fields the body leaves out keep their stored values, as upstream's dynamic update does. */
export async function updateNotice(deps: WriteDeps, body: NoticeBody, operator: string): Promise<number> {
  if (!body.noticeId) return 0;
  const rows = await deps.database.db
    .update(sysNotice)
    .set({ ...fieldsOf(deps, body), updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(sysNotice.noticeId, body.noticeId))
    .returning({ noticeId: sysNotice.noticeId });
  return rows.length;
}

/** Read records go first, then the notices, in one transaction. */
export async function deleteNotices(deps: Deps, noticeIds: number[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    await tx.delete(sysNoticeRead).where(inArray(sysNoticeRead.noticeId, noticeIds));
    const rows = await tx.delete(sysNotice).where(inArray(sysNotice.noticeId, noticeIds)).returning({ noticeId: sysNotice.noticeId });
    return rows.length;
  });
}

const readUserColumns = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  deptName: sysDept.deptName,
  phonenumber: sysUser.phonenumber,
  readTime: sysNoticeRead.readTime,
};

/** Who has read a notice, newest read first; deleted users are left out. */
export async function listReadUsers(deps: Deps, q: ReadUsersQuery) {
  const { db } = deps.database;
  const search = q.searchValue?.trim();
  const filter = and(
    eq(sysNoticeRead.noticeId, q.noticeId),
    eq(sysUser.delFlag, '0'),
    search ? or(like(sysUser.userName, likePattern(search)), like(sysUser.nickName, likePattern(search))) : undefined,
  );
  return paged(
    q,
    async () =>
      (await db.select({ n: count() }).from(sysNoticeRead).innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId)).where(filter))[0].n,
    (limit, offset) =>
      db
        .select(readUserColumns)
        .from(sysNoticeRead)
        .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
        .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(filter).orderBy(desc(sysNoticeRead.readTime), desc(sysNoticeRead.readId)).limit(limit).offset(offset),
  );
}
