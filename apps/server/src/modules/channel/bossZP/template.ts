import { and, count, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { renderTemplate } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { paged, type ListQuery } from '../../../core/list';
import type { Executor } from '../../crm/capture';
import { channelBossAccount, channelBossJob, channelBossTemplate } from '../../../db/schema';
import { assertBossAccount } from './account';
import type { TemplateBody, TemplateFilters, TemplateUpdateBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;

export const BossTemplateMsg = {
  NOT_FOUND: '打招呼模板不存在',
  NO_JOB: '职位不存在',
} as const;

/** The `{{key}}`s a greeting may use, with what the console shows for each. */
export const GREETING_VARIABLES = [
  { key: 'candidateName', label: '候选人姓名', example: '张三' },
  { key: 'jobTitle', label: '职位名称', example: '销售代表' },
  { key: 'city', label: '工作城市', example: '上海' },
  { key: 'salary', label: '薪资', example: '8-12K' },
  { key: 'company', label: '公司', example: '示例科技' },
  { key: 'recruiterName', label: '招聘者', example: '李经理' },
] as const;

export type GreetingValues = Partial<Record<(typeof GREETING_VARIABLES)[number]['key'], string>>;

const EXAMPLES: GreetingValues = Object.fromEntries(GREETING_VARIABLES.map((v) => [v.key, v.example]));

export const renderGreeting = (content: string, values: GreetingValues) => renderTemplate(content, values);

/** What a job and its account give a greeting. */
export async function jobValues(db: Executor, jobId: number): Promise<GreetingValues | null> {
  const [row] = await db
    .select({ jobTitle: channelBossJob.title, city: channelBossJob.city, salary: channelBossJob.salary, company: channelBossAccount.company, recruiterName: channelBossAccount.recruiterName })
    .from(channelBossJob)
    .innerJoin(channelBossAccount, eq(channelBossAccount.accountId, channelBossJob.accountId))
    .where(eq(channelBossJob.jobId, jobId))
    .limit(1);
  return row ?? null;
}

/** The preview of 打招呼模板: a job's own values when one is chosen, the examples otherwise; the candidate is always the example. */
export async function previewGreeting(deps: Deps, content: string, jobId: number | null | undefined) {
  if (!jobId) return renderGreeting(content, EXAMPLES);
  const values = await jobValues(deps.database.db, jobId);
  if (!values) throw new ServiceError(BossTemplateMsg.NO_JOB);
  return renderGreeting(content, { ...values, candidateName: EXAMPLES.candidateName });
}

/** The enabled default template for an account: its own first, else one shared by every account. */
export async function defaultTemplate(db: Executor, accountId: number) {
  const [row] = await db
    .select({ templateId: channelBossTemplate.templateId, content: channelBossTemplate.content, accountId: channelBossTemplate.accountId })
    .from(channelBossTemplate)
    .where(
      and(
        eq(channelBossTemplate.isDefault, true),
        eq(channelBossTemplate.status, '0'),
        or(eq(channelBossTemplate.accountId, accountId), isNull(channelBossTemplate.accountId)),
      ),
    )
    .orderBy(channelBossTemplate.accountId, desc(channelBossTemplate.templateId))
    .limit(1);
  return row ?? null;
}

export async function listBossTemplates(deps: Deps, q: TemplateFilters & ListQuery) {
  const { db } = deps.database;
  const filter: SQL | undefined = q.accountId ? eq(channelBossTemplate.accountId, q.accountId) : undefined;
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(channelBossTemplate).where(filter))[0].n,
    (limit, offset) =>
      db
        .select({
          templateId: channelBossTemplate.templateId,
          accountId: channelBossTemplate.accountId,
          name: channelBossTemplate.name,
          content: channelBossTemplate.content,
          isDefault: channelBossTemplate.isDefault,
          status: channelBossTemplate.status,
          remark: channelBossTemplate.remark,
          createTime: channelBossTemplate.createTime,
        })
        .from(channelBossTemplate)
        .where(filter)
        .orderBy(desc(channelBossTemplate.templateId))
        .limit(limit)
        .offset(offset),
  );
}

const fieldsOf = (body: TemplateBody) => ({
  accountId: body.accountId ?? null,
  name: body.name.trim(),
  content: body.content,
  isDefault: body.isDefault ?? false,
  status: body.status ?? '0',
  remark: body.remark ?? null,
});

/** One default per scope (an account, or all accounts): a new default ends the previous one. */
async function clearOtherDefaults(tx: Executor, accountId: number | null, templateId: number) {
  await tx
    .update(channelBossTemplate)
    .set({ isDefault: false })
    .where(
      and(
        accountId === null ? isNull(channelBossTemplate.accountId) : eq(channelBossTemplate.accountId, accountId),
        ne(channelBossTemplate.templateId, templateId),
      ),
    );
}

export async function createBossTemplate(deps: Deps, body: TemplateBody, operator: string): Promise<number> {
  if (body.accountId) await assertBossAccount(deps, body.accountId);
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channelBossTemplate)
      .values({ ...fieldsOf(body), createBy: operator, createTime: new Date(deps.now()) })
      .returning({ templateId: channelBossTemplate.templateId });
    if (body.isDefault) await clearOtherDefaults(tx, body.accountId ?? null, row.templateId);
    return 1;
  });
}

export async function updateBossTemplate(deps: Deps, body: TemplateUpdateBody, operator: string): Promise<number> {
  if (body.accountId) await assertBossAccount(deps, body.accountId);
  return deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(channelBossTemplate)
      .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
      .where(eq(channelBossTemplate.templateId, body.templateId))
      .returning({ templateId: channelBossTemplate.templateId });
    if (rows.length === 0) throw new ServiceError(BossTemplateMsg.NOT_FOUND);
    if (body.isDefault) await clearOtherDefaults(tx, body.accountId ?? null, body.templateId);
    return rows.length;
  });
}

export async function deleteBossTemplates(deps: Deps, templateIds: number[]): Promise<number> {
  const rows = await deps.database.db
    .delete(channelBossTemplate)
    .where(inArray(channelBossTemplate.templateId, templateIds))
    .returning({ id: channelBossTemplate.templateId });
  return rows.length;
}
