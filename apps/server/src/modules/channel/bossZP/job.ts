import { and, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, paged, type ListQuery } from '../../../core/list';
import { aiAgent, channelBossJob } from '../../../db/schema';
import { assertAgent, assertBossAccount } from './account';
import type { JobBody, JobFilters, JobUpdateBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;

export const BossJobMsg = {
  NOT_FOUND: '职位不存在',
  EXTERNAL_TAKEN: (externalId: string) => `该账号下已有BOSS职位编号为'${externalId}'的职位`,
} as const;

const columns = {
  jobId: channelBossJob.jobId,
  accountId: channelBossJob.accountId,
  externalId: channelBossJob.externalId,
  title: channelBossJob.title,
  city: channelBossJob.city,
  salary: channelBossJob.salary,
  requirements: channelBossJob.requirements,
  agentId: channelBossJob.agentId,
  agentName: sql<string>`coalesce(${aiAgent.name}, '')`,
  status: channelBossJob.status,
  remark: channelBossJob.remark,
  createTime: channelBossJob.createTime,
};

function where(q: JobFilters): SQL | undefined {
  return and(q.accountId ? eq(channelBossJob.accountId, q.accountId) : undefined, q.title ? ilike(channelBossJob.title, likePattern(q.title)) : undefined);
}

export async function listBossJobs(deps: Deps, q: JobFilters & ListQuery) {
  const { db } = deps.database;
  const filter = where(q);
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(channelBossJob).where(filter))[0].n,
    (limit, offset) =>
      db
        .select(columns)
        .from(channelBossJob)
        .leftJoin(aiAgent, eq(aiAgent.agentId, channelBossJob.agentId))
        .where(filter)
        .orderBy(desc(channelBossJob.jobId))
        .limit(limit)
        .offset(offset),
  );
}

/** The client matches pushed chats to jobs by their BOSS id, so one id names one job per account. */
async function assertExternalFree(deps: Deps, body: JobBody, jobId?: number) {
  const externalId = body.externalId?.trim();
  if (!externalId) return;
  const [clash] = await deps.database.db
    .select({ id: channelBossJob.jobId })
    .from(channelBossJob)
    .where(and(eq(channelBossJob.accountId, body.accountId), eq(channelBossJob.externalId, externalId), jobId ? ne(channelBossJob.jobId, jobId) : undefined))
    .limit(1);
  if (clash) throw new ServiceError(BossJobMsg.EXTERNAL_TAKEN(externalId));
}

async function check(deps: Deps, body: JobBody, jobId?: number) {
  await assertBossAccount(deps, body.accountId);
  await assertAgent(deps, body.agentId);
  await assertExternalFree(deps, body, jobId);
}

const fieldsOf = (body: JobBody) => ({
  accountId: body.accountId,
  externalId: body.externalId?.trim() ?? '',
  title: body.title.trim(),
  city: body.city?.trim() ?? '',
  salary: body.salary?.trim() ?? '',
  requirements: body.requirements ?? '',
  agentId: body.agentId ?? null,
  status: body.status ?? '0',
  remark: body.remark ?? null,
});

export async function createBossJob(deps: Deps, body: JobBody, operator: string): Promise<number> {
  await check(deps, body);
  const rows = await deps.database.db
    .insert(channelBossJob)
    .values({ ...fieldsOf(body), createBy: operator, createTime: new Date(deps.now()) })
    .returning({ id: channelBossJob.jobId });
  return rows.length;
}

export async function updateBossJob(deps: Deps, body: JobUpdateBody, operator: string): Promise<number> {
  await check(deps, body, body.jobId);
  const rows = await deps.database.db
    .update(channelBossJob)
    .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(channelBossJob.jobId, body.jobId))
    .returning({ id: channelBossJob.jobId });
  if (rows.length === 0) throw new ServiceError(BossJobMsg.NOT_FOUND);
  return rows.length;
}

export async function deleteBossJobs(deps: Deps, jobIds: number[]): Promise<number> {
  const rows = await deps.database.db.delete(channelBossJob).where(inArray(channelBossJob.jobId, jobIds)).returning({ id: channelBossJob.jobId });
  return rows.length;
}
