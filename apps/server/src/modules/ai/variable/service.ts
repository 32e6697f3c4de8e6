import { and, asc, eq, inArray, isNull, like, ne, or } from 'drizzle-orm';
import {
  renderTemplate,
  variablePatternError,
  variableValueProblem,
  VARIABLE_SCOPE_LABELS,
  VARIABLE_SYSTEM_KEYS,
  VARIABLE_TYPE_LABELS,
} from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiAgent, aiAgentVariable, aiVariable } from '../../../db/schema';
import { bumpAgentVersion, bumpAllAgentVersions } from '../agent/bundle';
import { requireAgent } from '../agent/service';
import { systemVariableValues } from '../engine/system-vars';
import type { VariableBody, VariableFilters } from './schema';
import { describeUsages, scanUsages, usagesOf, type UsageIndex } from './usage';
import { variableValuesFor } from './values';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;
type VariableRow = typeof aiVariable.$inferSelect;

function where(q: VariableFilters) {
  return and(
    q.varKey ? like(aiVariable.varKey, likePattern(q.varKey)) : undefined,
    q.label ? like(aiVariable.label, likePattern(q.label)) : undefined,
    q.scope ? eq(aiVariable.scope, q.scope) : undefined,
    q.agentId ? eq(aiVariable.agentId, q.agentId) : undefined,
    q.status ? eq(aiVariable.status, q.status) : undefined,
  );
}

const sortable = { variableId: aiVariable.variableId, varKey: aiVariable.varKey, sort: aiVariable.sort, createTime: aiVariable.createTime };
const defaultOrder = [asc(aiVariable.sort), asc(aiVariable.variableId)];

const variables = (deps: Deps, q: VariableFilters) => tableList(deps.database.db, aiVariable, where(q), orderBy(q, sortable, defaultOrder));

/** Each variable with its agent's name and where it is used. */
async function withUsage(db: Db, rows: VariableRow[]) {
  if (rows.length === 0) return [];
  const agentIds = [...new Set(rows.map((r) => r.agentId).filter((id): id is number => id !== null))];
  const [usage, agents] = await Promise.all([
    // A global variable can be used by any agent; agent variables only by their own.
    scanUsages(db, rows.some((r) => r.agentId === null) ? undefined : agentIds),
    agentIds.length === 0 ? Promise.resolve([]) : db.select({ agentId: aiAgent.agentId, name: aiAgent.name }).from(aiAgent).where(inArray(aiAgent.agentId, agentIds)),
  ]);
  const agentName = new Map(agents.map((a) => [a.agentId, a.name]));
  return rows.map((row) => ({
    ...row,
    agentName: row.agentId === null ? '' : (agentName.get(row.agentId) ?? ''),
    usedBy: usagesOf(usage, row),
  }));
}

export async function listVariables(deps: Deps, q: VariableFilters & ListQuery) {
  const page = await variables(deps, q).page(q);
  return { rows: await withUsage(deps.database.db, page.rows), total: page.total };
}

export async function exportVariables(deps: Deps, q: VariableFilters) {
  return withUsage(deps.database.db, await variables(deps, q).all());
}

type ExportRow = Awaited<ReturnType<typeof exportVariables>>[number];

export const VARIABLE_COLUMNS: ExcelColumn<ExportRow>[] = [
  { header: '变量编号', value: (r) => r.variableId },
  { header: '变量键', value: (r) => r.varKey, width: 20 },
  { header: '变量名称', value: (r) => r.label },
  { header: '类型', value: (r) => r.varType, dict: VARIABLE_TYPE_LABELS },
  { header: '作用范围', value: (r) => r.scope, dict: VARIABLE_SCOPE_LABELS },
  { header: '所属客服', value: (r) => r.agentName },
  { header: '默认值', value: (r) => r.defaultValue, width: 24 },
  { header: '兜底文本', value: (r) => r.fallback, width: 24 },
  { header: '校验正则', value: (r) => r.pattern },
  { header: '校验提示', value: (r) => r.patternHint },
  { header: '选项', value: (r) => r.options.map((o) => `${o.label}=${o.value}`).join('\n') },
  { header: '使用位置', value: (r) => r.usedBy.map((u) => `${u.name}·${u.where}`).join('\n'), width: 30 },
  { header: '状态', value: (r) => r.status, dict: { '0': '正常', '1': '停用' } },
];

export async function getVariable(deps: Deps, variableId: number) {
  const [row] = await deps.database.db.select().from(aiVariable).where(eq(aiVariable.variableId, variableId)).limit(1);
  if (!row) throw new ServiceError('变量不存在');
  const [withInfo] = await withUsage(deps.database.db, [row]);
  return withInfo;
}

/** The body's fields as stored: a global variable has no agent; options only on select variables. */
function fieldsOf(body: VariableBody) {
  const scope = body.scope ?? 'global';
  const varType = body.varType ?? 'text';
  return {
    varKey: body.varKey,
    label: body.label,
    varType,
    scope,
    agentId: scope === 'agent' ? (body.agentId ?? null) : null,
    defaultValue: body.defaultValue ?? '',
    fallback: body.fallback ?? '',
    pattern: body.pattern ?? '',
    patternHint: body.patternHint ?? '',
    options: varType === 'select' ? (body.options ?? []) : [],
    sort: body.sort ?? 0,
    status: body.status ?? '0',
    remark: body.remark ?? null,
  };
}
type VariableFields = ReturnType<typeof fieldsOf>;

async function checkVariable(db: Db, fields: VariableFields, verb: '新增' | '修改', exceptId?: number) {
  if (Object.hasOwn(VARIABLE_SYSTEM_KEYS, fields.varKey)) throw new ServiceError(`变量键'${fields.varKey}'为系统变量，不能使用`);
  if (fields.agentId !== null) await requireAgent(db, fields.agentId);
  const [clash] = await db
    .select({ variableId: aiVariable.variableId })
    .from(aiVariable)
    .where(
      and(
        eq(aiVariable.varKey, fields.varKey),
        fields.agentId === null ? isNull(aiVariable.agentId) : eq(aiVariable.agentId, fields.agentId),
        exceptId === undefined ? undefined : ne(aiVariable.variableId, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw new ServiceError(`${verb}变量'${fields.varKey}'失败，变量键已存在`);
  const badPattern = variablePatternError(fields.pattern);
  if (badPattern) throw new ServiceError(badPattern);
  const badDefault = variableValueProblem(fields, fields.defaultValue);
  if (badDefault) throw new ServiceError(`默认值不合法：${badDefault}`);
}

/** A global variable's change reaches every agent; an agent variable's only its agent. */
async function bumpFor(deps: Deps, ...agentIds: (number | null)[]) {
  if (agentIds.includes(null)) return bumpAllAgentVersions(deps);
  for (const id of new Set(agentIds)) if (id !== null) await bumpAgentVersion(deps, id);
}

export async function insertVariable(deps: Deps, body: VariableBody, operator: string): Promise<number> {
  const { db } = deps.database;
  const fields = fieldsOf(body);
  await checkVariable(db, fields, '新增');
  const rows = await db
    .insert(aiVariable)
    .values({ ...fields, createBy: operator, createTime: new Date(deps.now()) })
    .returning({ variableId: aiVariable.variableId });
  await bumpFor(deps, fields.agentId);
  return rows.length;
}

export async function updateVariable(deps: Deps, body: VariableBody, operator: string): Promise<number> {
  const { db } = deps.database;
  if (!body.variableId) throw new ServiceError('变量编号不能为空');
  const [old] = await db.select().from(aiVariable).where(eq(aiVariable.variableId, body.variableId)).limit(1);
  if (!old) throw new ServiceError('变量不存在');
  const fields = fieldsOf(body);
  await checkVariable(db, fields, '修改', body.variableId);
  if (fields.varKey !== old.varKey || fields.agentId !== old.agentId) {
    const used = usagesOf(await scanUsages(db, old.agentId === null ? undefined : [old.agentId]), old);
    if (used.length > 0) throw new ServiceError(`变量'${old.varKey}'正在被使用：${describeUsages(used)}，不能修改变量键或作用范围`);
  }
  const rows = await db.transaction(async (tx) => {
    // Values other agents gave a global variable mean nothing once it belongs to one agent.
    if (fields.agentId !== null) {
      await tx.delete(aiAgentVariable).where(and(eq(aiAgentVariable.variableId, body.variableId as number), ne(aiAgentVariable.agentId, fields.agentId)));
    }
    return tx
      .update(aiVariable)
      .set({ ...fields, updateBy: operator, updateTime: new Date(deps.now()) })
      .where(eq(aiVariable.variableId, body.variableId as number))
      .returning({ variableId: aiVariable.variableId });
  });
  await bumpFor(deps, old.agentId, fields.agentId);
  return rows.length;
}

function assertUnused(usage: UsageIndex, rows: VariableRow[]) {
  for (const row of rows) {
    const used = usagesOf(usage, row);
    if (used.length > 0) throw new ServiceError(`变量'${row.varKey}'正在被使用：${describeUsages(used)}，不能删除`);
  }
}

/** Refused as a whole while any of the variables is used by an agent. */
export async function deleteVariables(deps: Deps, variableIds: number[]): Promise<number> {
  const { db } = deps.database;
  const rows = await db.select().from(aiVariable).where(inArray(aiVariable.variableId, variableIds)).orderBy(aiVariable.variableId);
  if (rows.length === 0) return 0;
  assertUnused(await scanUsages(db), rows);
  const removed = await db.transaction(async (tx) => {
    await tx.delete(aiAgentVariable).where(inArray(aiAgentVariable.variableId, variableIds));
    return tx.delete(aiVariable).where(inArray(aiVariable.variableId, variableIds)).returning({ variableId: aiVariable.variableId });
  });
  await bumpFor(deps, ...rows.map((r) => r.agentId));
  return removed.length;
}

/** Renders a text as an agent (or, without one, any agent) would now; values given win over stored ones. */
export async function previewText(deps: Deps, input: { text: string; agentId?: number | null; values?: Record<string, string> }) {
  const agentId = input.agentId ?? null;
  const agentName = agentId === null ? '' : (await requireAgent(deps.database.db, agentId)).name;
  const stored = await variableValuesFor(deps, agentId);
  const given = Object.fromEntries(Object.entries(input.values ?? {}).filter(([, v]) => v !== ''));
  const values = { ...stored.values, ...systemVariableValues(deps.now(), agentName, ''), ...given };
  return renderTemplate(input.text, values, stored.fallbacks);
}

/** The global variables and the agent's own, each with the agent's value ('' when it has none). */
export async function agentVariables(deps: Deps, agentId: number) {
  const { db } = deps.database;
  await requireAgent(db, agentId);
  const [rows, values] = await Promise.all([
    db
      .select()
      .from(aiVariable)
      .where(or(isNull(aiVariable.agentId), eq(aiVariable.agentId, agentId)))
      .orderBy(...defaultOrder),
    db.select().from(aiAgentVariable).where(eq(aiAgentVariable.agentId, agentId)),
  ]);
  const valueOf = new Map(values.map((v) => [v.variableId, v.value]));
  return rows.map((row) => ({ ...row, value: valueOf.get(row.variableId) ?? '' }));
}

/** Sets the agent's values of the listed variables; an empty value goes back to the default. */
export async function saveAgentVariables(deps: Deps, agentId: number, values: { variableId: number; value: string }[]): Promise<void> {
  const { db } = deps.database;
  await requireAgent(db, agentId);
  const ids = [...new Set(values.map((v) => v.variableId))];
  if (ids.length === 0) return;
  const rows = await db
    .select()
    .from(aiVariable)
    .where(and(inArray(aiVariable.variableId, ids), or(isNull(aiVariable.agentId), eq(aiVariable.agentId, agentId))));
  const byId = new Map(rows.map((r) => [r.variableId, r]));
  for (const { variableId, value } of values) {
    const variable = byId.get(variableId);
    if (!variable) throw new ServiceError('变量不存在');
    const problem = variableValueProblem(variable, value);
    if (problem) throw new ServiceError(`变量'${variable.label}'的值不合法：${problem}`);
  }
  // The last value given for a variable wins.
  const kept = [...new Map(values.map((v) => [v.variableId, v.value])).entries()].filter(([, value]) => value !== '');
  await db.transaction(async (tx) => {
    await tx.delete(aiAgentVariable).where(and(eq(aiAgentVariable.agentId, agentId), inArray(aiAgentVariable.variableId, ids)));
    if (kept.length > 0) await tx.insert(aiAgentVariable).values(kept.map(([variableId, value]) => ({ agentId, variableId, value })));
  });
  await bumpAgentVersion(deps, agentId);
}
