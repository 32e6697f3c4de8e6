import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatMs } from './format';

describe('数据监控 formatting', () => {
  it('formats bytes, durations and estimates', () => {
    expect([formatBytes(512), formatBytes(8192), formatBytes(7.5 * 1024 ** 2)]).toEqual(['512 B', '8.0 KB', '7.5 MB']);
    expect([formatMs(0.421), formatMs(12.34), formatMs(1520), formatMs(null)]).toEqual(['0.42 ms', '12.3 ms', '1.52 s', '-']);
    expect([formatCount(1234.6), formatCount(null)]).toEqual(['1,235', '-']);
  });
});
