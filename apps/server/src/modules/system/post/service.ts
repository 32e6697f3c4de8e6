import { and, asc, eq, inArray, like, ne, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysPost, sysUserPost } from '../../../db/schema';
import type { PostBody, PostFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;
type PostRow = typeof sysPost.$inferSelect;

/** SysPost's `flag` getter leaks into the JSON upstream (true only on the user dialog's own posts). */
const toJson = (row: PostRow) => ({ ...row, flag: false });

function where(q: PostFilters): SQL | undefined {
  return and(
    q.postCode ? like(sysPost.postCode, likePattern(q.postCode)) : undefined,
    q.postName ? like(sysPost.postName, likePattern(q.postName)) : undefined,
    q.status ? eq(sysPost.status, q.status) : undefined,
  );
}

const sortable = { postId: sysPost.postId, postCode: sysPost.postCode, postSort: sysPost.postSort, createTime: sysPost.createTime };
const defaultOrder = [asc(sysPost.postSort), asc(sysPost.postId)];

const posts = (deps: Deps, q: PostFilters) => tableList(deps.database.db, sysPost, where(q), orderBy(q, sortable, defaultOrder));

export async function listPosts(deps: Deps, q: PostFilters & ListQuery) {
  const page = await posts(deps, q).page(q);
  return { rows: page.rows.map(toJson), total: page.total };
}

export function exportPosts(deps: Deps, q: PostFilters) {
  return posts(deps, q).all();
}

export const POST_COLUMNS: ExcelColumn<PostRow>[] = [
  { header: '岗位序号', value: (r) => r.postId },
  { header: '岗位编码', value: (r) => r.postCode },
  { header: '岗位名称', value: (r) => r.postName },
  { header: '岗位排序', value: (r) => r.postSort },
  { header: '状态', value: (r) => r.status, dict: { '0': '正常', '1': '停用' } },
];

export async function getPost(deps: Deps, postId: number) {
  const [row] = await deps.database.db.select().from(sysPost).where(eq(sysPost.postId, postId)).limit(1);
  return row ? toJson(row) : null;
}

export async function allPosts(deps: Deps) {
  const rows = await deps.database.db.select().from(sysPost).orderBy(...defaultOrder);
  return rows.map(toJson);
}

/** Name and code are each unique among all posts; the message names the post being saved. */
async function assertUnique(deps: Deps, body: PostBody, verb: '新增' | '修改') {
  const others = body.postId ? ne(sysPost.postId, body.postId) : undefined;
  const clashes = await deps.database.db
    .select({ postName: sysPost.postName, postCode: sysPost.postCode })
    .from(sysPost)
    .where(and(or(eq(sysPost.postName, body.postName), eq(sysPost.postCode, body.postCode)), others));
  if (clashes.some((c) => c.postName === body.postName)) throw new ServiceError(`${verb}岗位'${body.postName}'失败，岗位名称已存在`);
  if (clashes.length > 0) throw new ServiceError(`${verb}岗位'${body.postName}'失败，岗位编码已存在`);
}

const fieldsOf = (body: PostBody) => ({
  postCode: body.postCode,
  postName: body.postName,
  postSort: body.postSort,
  status: body.status ?? '0',
  remark: body.remark ?? null,
});

export async function insertPost(deps: Deps, body: PostBody, operator: string): Promise<number> {
  await assertUnique(deps, { ...body, postId: undefined }, '新增');
  const rows = await deps.database.db
    .insert(sysPost)
    .values({ ...fieldsOf(body), createBy: operator, createTime: new Date(deps.now()) })
    .returning({ postId: sysPost.postId });
  return rows.length;
}

export async function updatePost(deps: Deps, body: PostBody, operator: string): Promise<number> {
  if (!body.postId) return 0;
  await assertUnique(deps, body, '修改');
  const rows = await deps.database.db
    .update(sysPost)
    .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(sysPost.postId, body.postId))
    .returning({ postId: sysPost.postId });
  return rows.length;
}

/** Refused as a whole when any of the posts is still held by a user. */
export async function deletePosts(deps: Deps, postIds: number[]): Promise<number> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const assigned = await tx
      .selectDistinct({ postName: sysPost.postName })
      .from(sysPost)
      .innerJoin(sysUserPost, eq(sysUserPost.postId, sysPost.postId))
      .where(inArray(sysPost.postId, postIds))
      .limit(1);
    if (assigned[0]) throw new ServiceError(`${assigned[0].postName}已分配,不能删除`);
    const removed = await tx.delete(sysPost).where(inArray(sysPost.postId, postIds)).returning({ postId: sysPost.postId });
    return removed.length;
  });
}
