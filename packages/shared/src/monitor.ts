/**
 * Wire shapes of 在线用户, 服务监控, 缓存监控 and 数据监控 (contract §5.11, §5.12; 数据监控 is our own), shared by
 * the server that builds them and the pages that show them.
 */

/** GET /monitor/server `data`: RuoYi's shape with the Node runtime in `jvm`; the fields RuoYi lacks are ours. */
export interface ServerInfo {
  /** Percentages (2 decimals) of a short sample; `used` is user time only and `total` the tick delta ×100, as upstream. */
  cpu: { cpuNum: number; total: number; sys: number; used: number; wait: number; free: number; model: string; loadAvg: number[] };
  /** GB, 2 decimals; used = total − available. */
  mem: { total: number; used: number; free: number; usage: number };
  jvm: RuntimeInfo;
  sys: { computerName: string; computerIp: string; userDir: string; osName: string; osArch: string };
  sysFiles: SysFile[];
}

/** The Node runtime in RuoYi's `jvm` slot. */
export interface RuntimeInfo {
  /** Heap in MB, 2 decimals: total = allocated heap, max = V8's heap limit, used/free within total. */
  total: number;
  max: number;
  free: number;
  used: number;
  usage: number;
  name: string;
  version: string;
  /** The node executable (RuoYi: java.home). */
  home: string;
  startTime: string;
  /** `0天2小时5分钟`. */
  runTime: string;
  /** process.execArgv as Java prints a list: `[--a, --b]`. */
  inputArgs: string;
  /** Resident set size and memory outside the heap, MB. */
  rss: number;
  external: number;
  uptimeSeconds: number;
  pid: number;
  v8: string;
  /** Milliseconds, 2 decimals, over the `windowMs` since the previous reading. */
  eventLoopDelay: { min: number; mean: number; p50: number; p99: number; max: number; windowMs: number };
}

export interface SysFile {
  dirName: string;
  sysTypeName: string;
  typeName: string;
  /** Upstream's size texts such as `49.1 GB`. */
  total: string;
  free: string;
  used: string;
  usage: number;
}

/** GET /monitor/cache: the contract's `{info, dbSize, commandStats}` plus which store answered and keys per name. */
export interface CacheOverview {
  /** Every INFO field, or for the in-process store its figures under the INFO names of their Redis counterparts. */
  info: Record<string, string>;
  dbSize: number;
  commandStats: { name: string; value: string }[];
  kind: 'redis' | 'memory';
  prefixes: { cacheName: string; remark: string; keys: number }[];
  /** False when more keys exist than were counted. */
  prefixesComplete: boolean;
}

/** 数据监控: slow statements come from pg_stat_statements when the server has it, else from the app's own timings. */
export type StatementSource = 'pg_stat_statements' | 'app';
export const STATEMENT_ORDERS = ['total', 'mean', 'max', 'calls'] as const;
export type StatementOrder = (typeof STATEMENT_ORDERS)[number];

/** Times in these shapes are `yyyy-MM-dd HH:mm:ss` (GMT+8). */
export interface DbOverview {
  kind: 'pglite' | 'postgres';
  version: string;
  database: string;
  sizeBytes: number;
  startTime: string | null;
  maxConnections: number;
  /** node-postgres pool (PostgreSQL only): its limit, open, idle and queued callers. */
  pool: { max: number; total: number; idle: number; waiting: number } | null;
  /** Embedded engine (PGlite only): where its data lives and its state. */
  pglite: { dataDir: string; ready: boolean; closed: boolean } | null;
  statementSource: StatementSource;
}

export interface ActivityRow {
  pid: number;
  userName: string | null;
  applicationName: string | null;
  clientAddr: string | null;
  state: string | null;
  waitEvent: string | null;
  queryStart: string | null;
  durationMs: number | null;
  /** Quoted literals masked. */
  query: string;
}

export interface DbActivity {
  /** Connections to the app's database by state. */
  states: { state: string; count: number }[];
  /** Its connections not idle, longest running first. */
  queries: ActivityRow[];
}

export interface StatementRow {
  query: string;
  calls: number;
  totalMs: number;
  meanMs: number;
  maxMs: number;
  rows: number;
}

export interface DbStatements {
  source: StatementSource;
  /** Since when the app's own timings run (null for pg_stat_statements). */
  since: string | null;
  rows: StatementRow[];
}

export interface TableRow {
  schemaName: string;
  tableName: string;
  /** null: not analysed yet and no statistics to go by. */
  rowEstimate: number | null;
  totalBytes: number;
  tableBytes: number;
  indexBytes: number;
  seqScan: number | null;
  idxScan: number | null;
  deadRows: number | null;
  lastVacuum: string | null;
  lastAnalyze: string | null;
}

/**
 * GET /monitor/online/list rows: SysUserOnline as the RuoYi client reads it (loginTime in epoch ms), plus
 * `current`: true on the caller's own session so a screen can mark it and keep its 强退 disabled.
 */
export interface OnlineUser {
  tokenId: string;
  deptName: string | null;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  loginTime: number;
  current: boolean;
}
