import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import type { Db } from '../../../db/client';
import { formatDateTime } from '../../../core/time';
import type { ActivityRow, DbActivity, DbOverview, DbStatements, StatementOrder, StatementRow, StatementsQuery, StatementSource, TableRow } from './schema';

type Deps = Pick<AppDeps, 'database'>;

/** Longest statement text sent to the page. */
const QUERY_TEXT_MAX = 1000;
const MAX_ACTIVITY_ROWS = 50;
const MAX_TABLES = 200;

/** A timestamptz as the wire's `yyyy-MM-dd HH:mm:ss` in GMT+8, whatever the session's time zone. */
const wireTime = (column: SQL) => sql`to_char((${column}) at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * Both drivers answer db.execute with `{ rows }`; numbers are cast to float8 in SQL so both give numbers,
 * and times are formatted there (drizzle hands timestamps over as the driver's raw text).
 */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Quoted literals of a statement masked: the text of other connections may carry values (a password
 * in an ALTER ROLE by hand); our own statements pass values as parameters anyway.
 */
export function maskLiterals(query: string): string {
  return query.replace(/'(?:[^']|'')*'/g, "'…'").slice(0, QUERY_TEXT_MAX);
}

/** pg_stat_statements when it is installed in this database and loaded by the server, else our own timings. */
async function statementSource(db: Db): Promise<StatementSource> {
  const [ext] = await rowsOf<{ present: boolean }>(db, sql`select exists(select 1 from pg_extension where extname = 'pg_stat_statements') as present`);
  if (!ext?.present) return 'app';
  try {
    await db.execute(sql`select 1 from pg_stat_statements limit 1`);
    return 'pg_stat_statements';
  } catch {
    // Installed but not in shared_preload_libraries: the view refuses to answer, our timings still do.
    return 'app';
  }
}

export async function dbOverview({ database }: Deps): Promise<DbOverview> {
  const [row] = await rowsOf<{ version: string; database: string; size_bytes: number; start_time: string | null; max_connections: string }>(
    database.db,
    sql`select current_setting('server_version') as version, current_database() as database,
      pg_database_size(current_database())::float8 as size_bytes, ${wireTime(sql`pg_postmaster_start_time()`)} as start_time,
      current_setting('max_connections') as max_connections`,
  );
  const { pool, pglite } = database;
  return {
    kind: database.kind,
    version: database.kind === 'pglite' ? `PostgreSQL ${row.version} (PGlite)` : `PostgreSQL ${row.version}`,
    database: row.database,
    sizeBytes: row.size_bytes,
    startTime: row.start_time,
    maxConnections: Number(row.max_connections),
    pool: pool ? { max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
    pglite: pglite ? { dataDir: pglite.dataDir ?? 'memory://', ready: pglite.ready, closed: pglite.closed } : null,
    statementSource: await statementSource(database.db),
  };
}

export async function dbActivity({ database }: Deps): Promise<DbActivity> {
  const { db } = database;
  // Only the app's own database, and not this monitor's own connection.
  const mine = sql`datname = current_database() and pid <> pg_backend_pid()`;
  const states = await rowsOf<{ state: string | null; count: number }>(
    db,
    sql`select state, count(*)::float8 as count from pg_stat_activity where ${mine} group by state order by count desc`,
  );
  const queries = await rowsOf<Omit<ActivityRow, 'query'> & { query: string | null }>(
    db,
    sql`select pid, usename as "userName", application_name as "applicationName", client_addr::text as "clientAddr", state,
        nullif(concat_ws(':', wait_event_type, wait_event), '') as "waitEvent", ${wireTime(sql`query_start`)} as "queryStart",
        (extract(epoch from clock_timestamp() - query_start) * 1000)::float8 as "durationMs", query
      from pg_stat_activity
      where ${mine} and state is distinct from 'idle' and backend_type = 'client backend'
      order by query_start nulls last limit ${MAX_ACTIVITY_ROWS}`,
  );
  return {
    states: states.map((s) => ({ state: s.state ?? 'unknown', count: s.count })),
    queries: queries.map((q) => ({ ...q, query: maskLiterals(q.query ?? '') })),
  };
}

const ORDER_COLUMNS: Record<StatementOrder, string> = {
  total: 'total_exec_time',
  mean: 'mean_exec_time',
  max: 'max_exec_time',
  calls: 'calls',
};
const ORDER_KEYS: Record<StatementOrder, keyof StatementRow> = { total: 'totalMs', mean: 'meanMs', max: 'maxMs', calls: 'calls' };
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export async function dbStatements({ database }: Deps, query: StatementsQuery): Promise<DbStatements> {
  const source = await statementSource(database.db);
  if (source === 'pg_stat_statements') {
    const rows = await rowsOf<StatementRow>(
      database.db,
      sql`select query, calls::float8 as calls, total_exec_time::float8 as "totalMs", mean_exec_time::float8 as "meanMs",
          max_exec_time::float8 as "maxMs", rows::float8 as rows
        from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
        order by ${sql.raw(ORDER_COLUMNS[query.orderBy])} desc limit ${query.limit}`,
    );
    return { source, since: null, rows: rows.map((r) => ({ ...r, query: maskLiterals(r.query) })) };
  }
  const key = ORDER_KEYS[query.orderBy];
  const rows = database.timings
    .all()
    .map((s) => ({ query: maskLiterals(s.query), calls: s.calls, totalMs: round3(s.totalMs), meanMs: round3(s.totalMs / s.calls), maxMs: round3(s.maxMs), rows: s.rows }))
    .sort((a, b) => Number(b[key]) - Number(a[key]))
    .slice(0, query.limit);
  return { source, since: formatDateTime(new Date(database.timings.since)), rows };
}

/**
 * Tables with the planner's row estimate: reltuples once analysed, else the statistics' live rows, else
 * null for a table with data but neither (PGlite keeps no live-row statistics until ANALYZE).
 */
export async function dbTables({ database }: Deps): Promise<TableRow[]> {
  return rowsOf<TableRow>(
    database.db,
    sql`select n.nspname as "schemaName", c.relname as "tableName",
        (case when c.reltuples > 0 then c.reltuples when s.n_live_tup > 0 then s.n_live_tup
          when pg_relation_size(c.oid) = 0 then 0 end)::float8 as "rowEstimate",
        pg_total_relation_size(c.oid)::float8 as "totalBytes", pg_relation_size(c.oid)::float8 as "tableBytes",
        pg_indexes_size(c.oid)::float8 as "indexBytes", s.seq_scan::float8 as "seqScan", s.idx_scan::float8 as "idxScan",
        s.n_dead_tup::float8 as "deadRows", ${wireTime(sql`greatest(s.last_vacuum, s.last_autovacuum)`)} as "lastVacuum",
        ${wireTime(sql`greatest(s.last_analyze, s.last_autoanalyze)`)} as "lastAnalyze"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
      order by "totalBytes" desc, "tableName" limit ${MAX_TABLES}`,
  );
}
