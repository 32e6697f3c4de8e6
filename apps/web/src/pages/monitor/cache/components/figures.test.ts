import { describe, expect, it } from 'vitest';
import type { CacheOverview } from '@acs/shared';
import { basicFigures, memoryGauge } from './figures';
import { clearNameWarning, formatTtl, prettyValue } from './format';

const overview = (patch: Partial<CacheOverview>): CacheOverview => ({
  info: {},
  dbSize: 7,
  commandStats: [],
  kind: 'redis',
  prefixes: [],
  prefixesComplete: true,
  ...patch,
});

const asMap = (c: CacheOverview) => Object.fromEntries(basicFigures(c).map((f) => [f.label, f.value]));

describe('缓存监控 figures', () => {
  it('reads the Redis fields upstream shows, with a hit rate of our own', () => {
    const info = {
      redis_version: '7.2.4',
      redis_mode: 'standalone',
      tcp_port: '6379',
      used_cpu_user_children: '0.123',
      aof_enabled: '0',
      instantaneous_input_kbps: '0.10',
      instantaneous_output_kbps: '1.20',
      keyspace_hits: '3',
      keyspace_misses: '1',
    };
    expect(asMap(overview({ info }))).toMatchObject({
      Redis版本: '7.2.4',
      运行模式: '单机',
      端口: '6379',
      使用CPU: '0.12',
      AOF是否开启: '否',
      '网络入口/出口': '0.10kps/1.20kps',
      Key数量: '7',
      命中率: '75.00%',
      客户端数: '-',
    });
    expect(asMap(overview({ info: { redis_mode: 'cluster' } }))['运行模式']).toBe('集群');
  });

  it('describes the in-process store without Redis-only fields', () => {
    const figures = asMap(overview({ kind: 'memory', info: { used_memory_human: '1.50K', keyspace_hits: '0', keyspace_misses: '0' } }));
    expect(figures).toMatchObject({ 存储类型: '进程内存储（未配置 Redis）', '使用内存(估算)': '1.50K', 命中率: '-' });
    expect(figures).not.toHaveProperty('Redis版本');
    expect(figures).not.toHaveProperty('端口');
  });

  it('scales the memory gauge to maxmemory, else to a round value above the use', () => {
    expect(memoryGauge({ used_memory: String(300 * 1024 * 1024), maxmemory: String(1024 * 1024 * 1024) })).toEqual({ used: 300, max: 1024, limited: true });
    expect(memoryGauge({ used_memory: String(1.5 * 1024 * 1024), maxmemory: '0' })).toEqual({ used: 1.5, max: 2, limited: false });
    expect(memoryGauge({ used_memory: String(130 * 1024 * 1024) }).max).toBe(200);
    expect(memoryGauge({}).max).toBe(1);
  });
});

describe('缓存列表 formatting', () => {
  it('pretty-prints JSON and leaves other text alone', () => {
    expect(prettyValue('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyValue('not json')).toBe('not json');
  });

  it('tells the remaining lifetime', () => {
    expect([formatTtl(-1), formatTtl(45_000), formatTtl(1_750_000), formatTtl(7_500_000), formatTtl(undefined)]).toEqual([
      '永不过期',
      '45 秒',
      '29 分 10 秒',
      '2 小时 5 分',
      '-',
    ]);
  });

  it('warns that clearing sessions ends everyone else', () => {
    expect(clearNameWarning('login_tokens:')).toContain('结束除您当前会话以外的所有登录会话');
    expect(clearNameWarning('sys_dict:')).toBe('确认清理缓存名称[sys_dict]下的全部键？');
  });
});
