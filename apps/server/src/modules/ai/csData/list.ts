import { eq, sql, type SQL } from 'drizzle-orm';
import { ServiceError } from '../../../core/errors';
import { DEFAULT_PAGE_SIZE, type ListQuery } from '../../../core/list';
import { aiAgent } from '../../../db/schema';
import type { ChinaDay } from './days';
import { COUNT_KEYS, COUNTS } from './metrics';
import { countFields, countSums, dailyRows, EMPTY_COUNTS, histogramSum, metrics, type Deps, type Metrics } from './rows';
import type { CsDataFilters } from './schema';

export interface CsDataRow extends Metrics {
  day: ChinaDay;
  agentId: number;
  agentName: string;
  channel: string;
}

export interface CsDataPage {
  rows: CsDataRow[];
  total: number;
  /** The whole filtered range, not only the page. */
  totals: Metrics;
}

const rate = (part: string, whole: string) => `r.${part}::float8 / nullif(r.${whole}, 0)`;
/** Sortable columns and rates (API name → SQL over the rows `r` and their agent). */
const SORTABLE: Record<string, string> = {
  day: 'r.day',
  agentId: 'r.agent_id',
  agentName: 'ai_agent.name',
  channel: 'r.channel',
  ...Object.fromEntries(COUNT_KEYS.map((k) => [k, `r.${COUNTS[k]}`])),
  captureRate: rate('leads', 'conversations'),
  aiResolvedRate: rate('ai_resolved', 'conversations'),
  knowledgeHitRate: rate('knowledge_hits', 'ai_replies'),
};
const DEFAULT_ORDER = 'r.day desc, r.conversations desc, r.agent_id, r.channel';

/** The client's sort (a whitelisted column or rate; rates of nothing last), then the default order. */
function order(q: Pick<ListQuery, 'orderByColumn' | 'isAsc'>): SQL {
  const column = q.orderByColumn;
  if (!column) return sql.raw(DEFAULT_ORDER);
  if (!Object.hasOwn(SORTABLE, column)) throw new ServiceError('参数不符合规范，不能进行查询');
  const direction = q.isAsc === 'desc' || q.isAsc === 'descending' ? 'desc' : 'asc';
  return sql.raw(`${SORTABLE[column]} ${direction} nulls last, ${DEFAULT_ORDER}`);
}

const ROW_FIELDS = {
  day: sql<ChinaDay>`to_char(r.day, 'YYYY-MM-DD')`,
  agentId: sql<number>`r.agent_id`.mapWith(Number),
  agentName: sql<string>`coalesce(${aiAgent.name}, '')`,
  channel: sql<string>`r.channel`,
  counts: countFields((c) => `r.${c}`),
  hist: sql<number[]>`r.first_response_hist`,
};

/** The rows in order, a page of them or all. */
async function readRows(deps: Deps, rows: SQL, q: Pick<ListQuery, 'orderByColumn' | 'isAsc'>, page?: { limit: number; offset: number }): Promise<CsDataRow[]> {
  const query = deps.database.db.select(ROW_FIELDS).from(sql`(${rows}) r`).leftJoin(aiAgent, eq(aiAgent.agentId, sql`r.agent_id`)).orderBy(order(q)).$dynamic();
  const found = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return found.map(({ counts, hist, ...key }) => ({ ...key, ...metrics(counts, hist) }));
}

/** The number of rows and their totals, the first-response median from the summed histograms. */
async function totalsOf(deps: Deps, rows: SQL): Promise<{ total: number; totals: Metrics }> {
  const [t] = await deps.database.db
    .select({ total: sql<number>`t.total`.mapWith(Number), counts: countFields((c) => `t.${c}`), hist: sql<number[]>`t.hist` })
    .from(sql`(select count(*) as total, ${countSums('')}, ${histogramSum} as hist from (${rows}) r) t`);
  return { total: t.total, totals: metrics(t.counts, t.hist) };
}

export async function listCsData(deps: Deps, q: CsDataFilters & ListQuery, agentIds: SQL | undefined): Promise<CsDataPage> {
  const src = await dailyRows(deps, q, agentIds);
  if (!src) return { rows: [], total: 0, totals: metrics(EMPTY_COUNTS, []) };
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const read = (pageNum: number) => readRows(deps, src.rows, q, { limit: pageSize, offset: (pageNum - 1) * pageSize });
  const pageNum = q.pageNum ?? 1;
  const [{ total, totals }, rows] = await Promise.all([totalsOf(deps, src.rows), read(pageNum)]);
  // A page past the end answers the last page, as the other lists do (core/list paged).
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return { rows: pageNum > lastPage ? await read(lastPage) : rows, total, totals };
}

/** Every row of the filtered range, then the totals row (合计). */
export async function exportCsData(deps: Deps, q: CsDataFilters, agentIds: SQL | undefined): Promise<CsDataRow[]> {
  const src = await dailyRows(deps, q, agentIds);
  if (!src) return [];
  const [rows, { totals }] = await Promise.all([readRows(deps, src.rows, q), totalsOf(deps, src.rows)]);
  return [...rows, { day: '合计', agentId: 0, agentName: '', channel: '', ...totals }];
}
