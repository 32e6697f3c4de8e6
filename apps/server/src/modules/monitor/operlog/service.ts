import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { likePattern, orderBy, tableList, timeRange, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysOperLog } from '../../../db/schema';
import type { OperlogFilters } from './schema';

type Deps = Pick<AppDeps, 'database'>;
type OperlogRow = typeof sysOperLog.$inferSelect;

/** SysOperLog carries the businessTypes filter field, always null in a row. */
const toJson = (row: OperlogRow) => ({ ...row, businessTypes: null });

function where(q: OperlogFilters): SQL | undefined {
  return and(
    q.operIp ? like(sysOperLog.operIp, likePattern(q.operIp)) : undefined,
    q.title ? like(sysOperLog.title, likePattern(q.title)) : undefined,
    q.operName ? like(sysOperLog.operName, likePattern(q.operName)) : undefined,
    q.businessType === undefined ? undefined : eq(sysOperLog.businessType, q.businessType),
    q.businessTypes?.length ? inArray(sysOperLog.businessType, q.businessTypes) : undefined,
    q.status === undefined ? undefined : eq(sysOperLog.status, Number(q.status)),
    ...timeRange(sysOperLog.operTime, q),
  );
}

const sortable = {
  operId: sysOperLog.operId,
  title: sysOperLog.title,
  businessType: sysOperLog.businessType,
  operName: sysOperLog.operName,
  operIp: sysOperLog.operIp,
  status: sysOperLog.status,
  operTime: sysOperLog.operTime,
  costTime: sysOperLog.costTime,
};
const defaultOrder = [desc(sysOperLog.operId)];

const logs = (deps: Deps, q: OperlogFilters) => tableList(deps.database.db, sysOperLog, where(q), orderBy(q, sortable, defaultOrder));

export async function listOperlog(deps: Deps, q: OperlogFilters & ListQuery) {
  const page = await logs(deps, q).page(q);
  return { rows: page.rows.map(toJson), total: page.total };
}

export const exportOperlog = (deps: Deps, q: OperlogFilters) => logs(deps, q).all();

const BUSINESS_TYPES = { '0': '其它', '1': '新增', '2': '修改', '3': '删除', '4': '授权', '5': '导出', '6': '导入', '7': '强退', '8': '生成代码', '9': '清空数据' };

export const OPERLOG_COLUMNS: ExcelColumn<OperlogRow>[] = [
  { header: '操作序号', value: (r) => r.operId },
  { header: '操作模块', value: (r) => r.title },
  { header: '业务类型', value: (r) => r.businessType, dict: BUSINESS_TYPES },
  { header: '请求方法', value: (r) => r.method, width: 30 },
  { header: '请求方式', value: (r) => r.requestMethod },
  { header: '操作类别', value: (r) => r.operatorType, dict: { '0': '其它', '1': '后台用户', '2': '手机端用户' } },
  { header: '操作人员', value: (r) => r.operName },
  { header: '部门名称', value: (r) => r.deptName },
  { header: '请求地址', value: (r) => r.operUrl, width: 30 },
  { header: '操作地址', value: (r) => r.operIp },
  { header: '操作地点', value: (r) => r.operLocation },
  { header: '请求参数', value: (r) => r.operParam, width: 40 },
  { header: '返回参数', value: (r) => r.jsonResult, width: 40 },
  { header: '状态', value: (r) => r.status, dict: { '0': '正常', '1': '异常' } },
  { header: '错误消息', value: (r) => r.errorMsg, width: 30 },
  { header: '操作时间', value: (r) => r.operTime, width: 20 },
  { header: '消耗时间', value: (r) => r.costTime, suffix: '毫秒' },
];

export async function deleteOperlog(deps: Deps, operIds: number[]): Promise<number> {
  const removed = await deps.database.db.delete(sysOperLog).where(inArray(sysOperLog.operId, operIds)).returning({ id: sysOperLog.operId });
  return removed.length;
}

/** 清空: every row goes and the numbering starts again, as upstream's truncate does. */
export async function cleanOperlog(deps: Deps): Promise<void> {
  await deps.database.db.execute(sql`truncate table ${sysOperLog} restart identity`);
}
