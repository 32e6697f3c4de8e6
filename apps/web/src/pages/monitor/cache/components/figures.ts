import type { CacheOverview } from '@acs/shared';

export interface Figure {
  label: string;
  value: string;
}

const MB = 1024 * 1024;

/** 网络入口/出口 etc. read from INFO; a field the server did not send shows as `-`. */
const field = (info: Record<string, string>, name: string) => info[name] ?? '-';

function hitRate(info: Record<string, string>): string {
  const hits = Number(info.keyspace_hits ?? 0);
  const misses = Number(info.keyspace_misses ?? 0);
  return hits + misses > 0 ? `${((hits / (hits + misses)) * 100).toFixed(2)}%` : '-';
}

/**
 * The 基本信息 grid: upstream's Redis fields, or for the in-process store what it can tell
 * (there is no port, client count or persistence to show).
 */
export function basicFigures(c: CacheOverview): Figure[] {
  const { info } = c;
  const common = [
    { label: '运行时间(天)', value: field(info, 'uptime_in_days') },
    { label: 'Key数量', value: String(c.dbSize) },
    { label: '命中 / 未命中', value: `${field(info, 'keyspace_hits')} / ${field(info, 'keyspace_misses')}` },
    { label: '命中率', value: hitRate(info) },
  ];
  if (c.kind === 'memory') {
    return [
      { label: '存储类型', value: '进程内存储（未配置 Redis）' },
      { label: '使用内存(估算)', value: field(info, 'used_memory_human') },
      { label: '命令总数', value: field(info, 'total_commands_processed') },
      ...common,
    ];
  }
  const cpu = Number(info.used_cpu_user_children);
  return [
    { label: 'Redis版本', value: field(info, 'redis_version') },
    { label: '运行模式', value: info.redis_mode === 'standalone' ? '单机' : '集群' },
    { label: '端口', value: field(info, 'tcp_port') },
    { label: '客户端数', value: field(info, 'connected_clients') },
    { label: '使用内存', value: field(info, 'used_memory_human') },
    { label: '使用CPU', value: Number.isFinite(cpu) ? cpu.toFixed(2) : '-' },
    { label: '内存配置', value: field(info, 'maxmemory_human') },
    { label: 'AOF是否开启', value: info.aof_enabled === '0' ? '否' : '是' },
    { label: 'RDB是否成功', value: field(info, 'rdb_last_bgsave_status') },
    { label: '网络入口/出口', value: `${field(info, 'instantaneous_input_kbps')}kps/${field(info, 'instantaneous_output_kbps')}kps` },
    ...common,
  ];
}

/** A round 1/2/5 × 10ⁿ MB just above the value. */
function roundUp(mb: number): number {
  const base = 10 ** Math.floor(Math.log10(Math.max(mb, 1)));
  return [1, 2, 5, 10].map((m) => m * base).find((v) => v >= mb) ?? 10 * base;
}

/** 内存信息 gauge in MB: against maxmemory when one is set, else against a round scale above the use. */
export function memoryGauge(info: Record<string, string>): { used: number; max: number; limited: boolean } {
  const used = Number(info.used_memory ?? 0) / MB;
  const limit = Number(info.maxmemory ?? 0) / MB;
  const rounded = Math.round(used * 100) / 100;
  return limit > 0 ? { used: rounded, max: Math.round(limit), limited: true } : { used: rounded, max: roundUp(used), limited: false };
}
